import { placeholderPage } from '@/components/portal/placeholder-page';

const page = placeholderPage('/my-commissions', 'commissions');

export const generateMetadata = page.generateMetadata;
export default page.PlaceholderPage;
