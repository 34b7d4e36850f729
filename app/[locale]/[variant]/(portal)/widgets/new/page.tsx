import { placeholderPage } from '@/components/portal/placeholder-page';

const page = placeholderPage('/widgets/new', 'widgetEditor');

export const generateMetadata = page.generateMetadata;
export default page.PlaceholderPage;
