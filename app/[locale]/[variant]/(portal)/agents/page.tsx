import { placeholderPage } from '@/components/portal/placeholder-page';

const page = placeholderPage('/agents', 'agents');

export const generateMetadata = page.generateMetadata;
export default page.PlaceholderPage;
