import { placeholderPage } from '@/components/portal/placeholder-page';

const page = placeholderPage('/top-up', 'topUp');

export const generateMetadata = page.generateMetadata;
export default page.PlaceholderPage;
