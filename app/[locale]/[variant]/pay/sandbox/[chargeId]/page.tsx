import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { getTranslations } from 'next-intl/server';
import { SubmitButton } from '@/components/forms/submit-button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { localizedPath } from '@/i18n/locales';
import { getDb } from '@/server/db/database';
import { findGateway } from '@/server/payments/gateways';
import { loadSandboxCharge, type SandboxChargeView } from '@/server/payments/providers/sandbox/sandbox-charges';
import { qrDataUrl } from '@/server/payments/qr-svg';
import { requestOrigin } from '@/server/payments/request-context';
import { completeSandboxChallengeAction, payWithSandboxCardAction, payWithSandboxWalletAction } from '@/server/payments/sandbox-actions';
import { sandboxChargeIdSchema } from '@/server/payments/sandbox-schema';
import { isCurrency, formatMoney } from '@/shared/money/money';
import { SANDBOX_TEST_CARDS } from '@/shared/payments/sandbox-cards';
import { resolveSiteParams } from '@/server/hosts/variant-params';

type Params = Promise<{ locale: string; variant: string; chargeId: string }>;
type SearchParams = Promise<Record<string, string | string[] | undefined>>;

// Per request: a charge moves on as it is paid.
export const dynamic = 'force-dynamic';

export async function generateMetadata({ params }: { params: Params }): Promise<Metadata> {
  const { locale } = await resolveSiteParams(params);
  const t = await getTranslations({ locale, namespace: 'sandboxPay' });
  return { title: t('metaTitle'), robots: { index: false } };
}

/**
 * The sandbox gateway's hosted payment page: what a provider's checkout is for a real
 * card, wallet or bank app, with test cards instead of money. Outside the portal's chrome and
 * labelled as a sandbox on every state. Plain forms: it works before any script loads.
 */
export default async function SandboxPaymentPage({ params, searchParams }: { params: Params; searchParams: SearchParams }) {
  const { locale } = await resolveSiteParams(params);
  const [{ chargeId }, { error }] = await Promise.all([params, searchParams]);
  // Where the sandbox is off (production) its page does not exist, whatever the table holds.
  if (!findGateway('sandbox') || !sandboxChargeIdSchema.safeParse(chargeId).success) notFound();
  const charge = await loadSandboxCharge(await getDb(), chargeId);
  if (!charge) notFound();
  const t = await getTranslations('sandboxPay');
  const tAll = await getTranslations();
  const errorMessage = typeof error === 'string' && tAll.has(error as never) ? tAll(error as never) : null;
  const amount = isCurrency(charge.currency) ? formatMoney(charge.amountMinor, charge.currency, locale) : `${(charge.amountMinor / 100).toFixed(2)} ${charge.currency}`;

  return (
    <div className="min-h-dvh bg-muted/40">
      <p role="note" className="bg-amber-400 px-4 py-2 text-center text-sm font-bold tracking-wide text-amber-950" data-testid="sandbox-banner">
        {t('banner')}
      </p>
      <main id="main" className="mx-auto grid max-w-lg gap-6 px-4 py-8">
        <header className="grid gap-1">
          <h1 className="text-2xl font-semibold">{t('title')}</h1>
          <p className="text-muted-foreground">{charge.description}</p>
          <p className="text-3xl font-semibold tabular-nums" data-testid="sandbox-amount">
            {amount}
          </p>
        </header>
        {errorMessage ? (
          <p role="alert" className="rounded-lg border border-destructive/40 bg-destructive/5 p-3 text-sm text-destructive" data-testid="sandbox-error">
            {errorMessage}
          </p>
        ) : null}
        <section className="grid gap-4 rounded-xl border border-border bg-background p-4 sm:p-6">
          <ChargeStep charge={charge} locale={locale} />
        </section>
      </main>
    </div>
  );
}

async function ChargeStep({ charge, locale }: { charge: SandboxChargeView; locale: 'en' | 'ru' }) {
  const t = await getTranslations('sandboxPay');
  if (charge.status === 'requires_action') {
    return (
      <>
        <h2 className="text-lg font-semibold">{t('challenge.title')}</h2>
        <p className="text-sm text-muted-foreground">{t('challenge.text')}</p>
        <Decision action={completeSandboxChallengeAction} chargeId={charge.id} approve={t('challenge.approve')} decline={t('challenge.decline')} pending={t('pending')} />
      </>
    );
  }
  if (charge.status !== 'requires_payment') {
    return (
      <>
        <h2 className="text-lg font-semibold">{t(`finished.${charge.status}`)}</h2>
        <a href={charge.returnUrl} className="font-medium text-primary underline underline-offset-2">
          {t('backToPortal')}
        </a>
      </>
    );
  }
  if (charge.method === 'crypto') {
    return (
      <>
        <h2 className="text-lg font-semibold">{t('wallet.title')}</h2>
        <p className="text-sm text-muted-foreground">{t('wallet.text')}</p>
        <p className="text-sm">
          {t('wallet.address')} <code className="rounded bg-muted px-1 font-mono break-all">{sandboxAddress(charge.id)}</code>
        </p>
        <Decision action={payWithSandboxWalletAction} chargeId={charge.id} approve={t('wallet.send')} decline={t('cancel')} pending={t('pending')} />
      </>
    );
  }
  if (charge.method === 'sbp') {
    const qr = await qrDataUrl(`${await requestOrigin()}${localizedPath(locale, `/pay/sandbox/${charge.id}`)}`);
    return (
      <>
        <h2 className="text-lg font-semibold">{t('sbp.title')}</h2>
        <p className="text-sm text-muted-foreground">{t('sbp.text')}</p>
        {/* eslint-disable-next-line @next/next/no-img-element -- an inline SVG data URL, nothing to optimise */}
        <img src={qr} alt={t('sbp.qrAlt')} width={200} height={200} className="size-48 justify-self-center" data-testid="sandbox-qr" />
        <Decision action={payWithSandboxWalletAction} chargeId={charge.id} approve={t('sbp.pay')} decline={t('cancel')} pending={t('pending')} />
      </>
    );
  }
  return (
    <>
      <h2 className="text-lg font-semibold">{t('card.title')}</h2>
      <form action={payWithSandboxCardAction} className="grid gap-4">
        <input type="hidden" name="chargeId" value={charge.id} />
        <div className="grid gap-1.5">
          <Label htmlFor="cardNumber">{t('card.number')}</Label>
          <Input id="cardNumber" name="cardNumber" inputMode="numeric" autoComplete="cc-number" required placeholder="4242 4242 4242 4242" />
        </div>
        {/* Cosmetic, as on a provider's page: the sandbox decides by the card number alone. */}
        <div className="grid grid-cols-2 gap-4">
          <div className="grid gap-1.5">
            <Label htmlFor="cardExpiry">{t('card.expiry')}</Label>
            <Input id="cardExpiry" name="cardExpiry" autoComplete="cc-exp" placeholder="12/34" />
          </div>
          <div className="grid gap-1.5">
            <Label htmlFor="cardCvc">{t('card.cvc')}</Label>
            <Input id="cardCvc" name="cardCvc" inputMode="numeric" autoComplete="cc-csc" placeholder="123" />
          </div>
        </div>
        <div>
          <SubmitButton label={t('card.pay')} pendingLabel={t('pending')} />
        </div>
      </form>
      <section aria-labelledby="test-cards-title" className="grid gap-2 border-t border-border pt-4">
        <h3 id="test-cards-title" className="font-medium">
          {t('card.testCards')}
        </h3>
        <table className="w-full text-sm" data-testid="sandbox-test-cards">
          <thead className="sr-only">
            <tr>
              <th scope="col">{t('card.number')}</th>
              <th scope="col">{t('card.outcomeHeading')}</th>
            </tr>
          </thead>
          <tbody>
            {SANDBOX_TEST_CARDS.map((card) => (
              <tr key={card.number} className="border-b border-border last:border-0">
                <td className="py-1.5 pr-4 font-mono whitespace-nowrap">{card.number.replace(/(\d{4})(?=\d)/g, '$1 ')}</td>
                <td className="py-1.5">{t(`card.outcome.${card.outcome}`)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </section>
    </>
  );
}

function Decision({
  action,
  chargeId,
  approve,
  decline,
  pending,
}: {
  action: (formData: FormData) => Promise<void>;
  chargeId: string;
  approve: string;
  decline: string;
  pending: string;
}) {
  return (
    <div className="flex flex-wrap gap-3">
      <form action={action}>
        <input type="hidden" name="chargeId" value={chargeId} />
        <input type="hidden" name="approve" value="yes" />
        <SubmitButton label={approve} pendingLabel={pending} />
      </form>
      <form action={action}>
        <input type="hidden" name="chargeId" value={chargeId} />
        <input type="hidden" name="approve" value="no" />
        <SubmitButton label={decline} pendingLabel={pending} variant="outline" />
      </form>
    </div>
  );
}

/** A made-up wallet address per charge, so the page reads like a wallet's; nothing is sent to it. */
function sandboxAddress(chargeId: string): string {
  return `0xSANDBOX${chargeId.replace(/[^A-Za-z0-9]/g, '').slice(0, 32).toUpperCase()}`;
}
