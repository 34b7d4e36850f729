import { placeholderPage } from '@/components/portal/placeholder-page';

const page = placeholderPage('/checkout', 'checkout');

export const generateMetadata = page.generateMetadata;
export default page.PlaceholderPage;
