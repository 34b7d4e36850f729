import { getTranslations } from 'next-intl/server';
import { LocaleLink } from '@/components/i18n/locale-link';
import { buttonVariants } from '@/components/ui/button';
import type { CheckoutView } from '@/server/bookings/checkout-queries';
import { can, type Role } from '@/shared/auth/permissions';

/**
 * At checkout, the same selection sent to a guest as a quote instead (docs/guest-quotes.md): for
 * those who see the NET, and only when the guest could pay it by card (live places, before the cut-off).
 */
export async function QuoteFromCheckoutLink({ role, view }: { role: Role; view: CheckoutView }) {
  if (!can(role, 'rates:viewB2b') || view.requestOnly || view.offer.pickUp === 'included') return null;
  const t = await getTranslations('quotes');
  const { selection } = view;
  return (
    <LocaleLink
      href={{
        pathname: '/quotes/new',
        query: { offer: selection.offerId, date: selection.date, time: view.startTime ?? undefined, adults: selection.adults, children: selection.children, infants: selection.infants },
      }}
      className={buttonVariants({ variant: 'outline', className: 'mt-3' })}
      data-testid="quote-from-checkout"
    >
      {t('fromCheckout')}
    </LocaleLink>
  );
}
