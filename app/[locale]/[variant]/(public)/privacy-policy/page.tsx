import { legalDocument } from '@/components/legal/legal-document';

const page = legalDocument('privacy');

export const generateMetadata = page.generateMetadata;
export default page.LegalPage;
