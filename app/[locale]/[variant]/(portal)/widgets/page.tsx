import { placeholderPage } from '@/components/portal/placeholder-page';

const page = placeholderPage('/widgets', 'widgets');

export const generateMetadata = page.generateMetadata;
export default page.PlaceholderPage;
