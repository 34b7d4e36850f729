import { variantOfRequest } from '@/server/hosts/request-host';
import { PUBLIC, runRoute } from '@/server/http/run-route';
import { loadSettings } from '@/server/settings/settings';
import { SITE_CONTENT } from '@/shared/sites/site-content';

/**
 * Spec §7 public `GET /layout/info`: spec §3's host data (mainLogo, about, email, address) and
 * contact info (phone, whatsApp) of the host asked, in the request's language.
 */
export const GET = runRoute({
  permission: PUBLIC,
  doc: { tag: 'Catalogue', summary: 'The host’s logo, about text, address and contacts' },
  run: async (_input, { db, locale, request }) => {
    const variant = variantOfRequest(request);
    const settings = await loadSettings(db);
    const site = settings.sites[variant];
    return {
      mainLogo: site.logo,
      about: site.about[locale],
      email: site.email,
      address: site.address[locale],
      phone: settings.supportPhone,
      whatsApp: settings.supportWhatsApp,
      telegram: SITE_CONTENT[variant].telegram,
    };
  },
});
