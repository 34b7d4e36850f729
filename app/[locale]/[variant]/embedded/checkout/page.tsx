import { EmbeddedPlaceholder } from '@/components/portal/embedded-placeholder';
import { resolveSiteParams, type SiteParams } from '@/server/sites/site-params';

export default async function EmbeddedCheckoutPage({ params }: { params: SiteParams }) {
  await resolveSiteParams(params);
  return <EmbeddedPlaceholder title="checkoutTitle" />;
}
