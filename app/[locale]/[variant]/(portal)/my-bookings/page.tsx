import { placeholderPage } from '@/components/portal/placeholder-page';

const page = placeholderPage('/my-bookings', 'myBookings');

export const generateMetadata = page.generateMetadata;
export default page.PlaceholderPage;
