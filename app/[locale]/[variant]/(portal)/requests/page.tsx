import { placeholderPage } from '@/components/portal/placeholder-page';

const page = placeholderPage('/requests', 'requests');

export const generateMetadata = page.generateMetadata;
export default page.PlaceholderPage;
