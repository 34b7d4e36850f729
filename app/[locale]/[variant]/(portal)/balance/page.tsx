import { placeholderPage } from '@/components/portal/placeholder-page';

const page = placeholderPage('/balance', 'balance');

export const generateMetadata = page.generateMetadata;
export default page.PlaceholderPage;
