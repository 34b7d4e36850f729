import { legalDocument } from '@/components/legal/legal-document';

const page = legalDocument('terms');

export const generateMetadata = page.generateMetadata;
export default page.LegalPage;
