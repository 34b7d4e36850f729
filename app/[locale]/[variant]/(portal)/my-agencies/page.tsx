import { placeholderPage } from '@/components/portal/placeholder-page';

const page = placeholderPage('/my-agencies', 'companySettings');

export const generateMetadata = page.generateMetadata;
export default page.PlaceholderPage;
