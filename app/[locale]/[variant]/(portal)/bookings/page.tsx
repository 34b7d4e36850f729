import { placeholderPage } from '@/components/portal/placeholder-page';

const page = placeholderPage('/bookings', 'bookings');

export const generateMetadata = page.generateMetadata;
export default page.PlaceholderPage;
