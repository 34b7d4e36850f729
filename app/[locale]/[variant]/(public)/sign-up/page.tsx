import { placeholderPage } from '@/components/portal/placeholder-page';

const page = placeholderPage('public', 'signUp');

export const generateMetadata = page.generateMetadata;
export default page.PlaceholderPage;
