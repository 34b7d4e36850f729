import { placeholderPage } from '@/components/portal/placeholder-page';

const page = placeholderPage('/balance/transactions', 'transactions');

export const generateMetadata = page.generateMetadata;
export default page.PlaceholderPage;
