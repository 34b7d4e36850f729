'use client';

import { type KeyboardEvent, type Ref, useRef, useState, useTransition } from 'react';
import { useRouter } from 'next/navigation';
import { Price } from '@/components/catalog/price';
import { fillTemplate } from '@/components/bookings/picker/labels';
import { useRouteLocale } from '@/components/i18n/locale-link';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { formatPercent } from '@/i18n/numbers';
import { applyPromoAction } from '@/server/bookings/promo-actions';
import type { PromoCheck } from '@/server/bookings/promo-codes';
import type { CheckoutField } from '@/shared/bookings/checkout-schema';
import type { CheckoutFormLabels } from './checkout-form-types';

/** `page`: what the page was priced with (appliedPromo / refusedPromo); the others are this form's own. */
type PromoState = { status: 'page' } | { status: 'idle' } | { status: 'applied'; check: PromoCheck } | { status: 'wrong'; message: string };
export type PromoStatus = Exclude<PromoState, { status: 'page' }>;

/**
 * The promo code's check on "Apply" (or Enter in its field): the answer shows under the field and
 * the page prices itself with the code, through its address.
 */
export function usePromoCode({
  hidden,
  appliedPromo,
  refusedPromo,
}: {
  hidden: Partial<Record<CheckoutField, string>>;
  appliedPromo: PromoCheck | null;
  refusedPromo: { code: string; message: string } | null;
}) {
  const router = useRouter();
  const inputRef = useRef<HTMLInputElement>(null);
  const [promoState, setPromo] = useState<PromoState>({ status: 'page' });
  const promo: PromoStatus =
    promoState.status !== 'page'
      ? promoState
      : appliedPromo
        ? { status: 'applied', check: appliedPromo }
        : refusedPromo
          ? { status: 'wrong', message: refusedPromo.message }
          : { status: 'idle' };
  const [checking, startPromoCheck] = useTransition();

  function apply() {
    const promoCode = inputRef.current?.value.trim() ?? '';
    if (!promoCode) return;
    const { offerId = '', date = '', time = '', adults = '', children = '', infants = '' } = hidden;
    startPromoCheck(async () => {
      const result = await applyPromoAction({ offerId, date, time, adults, children, infants, promoCode });
      startPromoCheck(() => {
        setPromo(result.ok ? { status: 'applied', check: result.data } : { status: 'wrong', message: result.fieldErrors.promoCode ?? result.message });
        // The page prices itself with the code it carries: NET, funds, the charge and its fees.
        priceWithPromo(result.ok ? result.data.code : null);
      });
    });
  }

  function priceWithPromo(code: string | null) {
    const url = new URL(window.location.href);
    if ((url.searchParams.get('promo') ?? null) === code) return;
    if (code) url.searchParams.set('promo', code);
    else url.searchParams.delete('promo');
    router.replace(`${url.pathname}${url.search}`, { scroll: false });
  }

  function applyOnEnter(event: KeyboardEvent<HTMLInputElement>) {
    // Enter in the promo field checks the code rather than booking.
    if (event.key !== 'Enter') return;
    event.preventDefault();
    apply();
  }

  function changed() {
    setPromo({ status: 'idle' });
    // A code changed after "Apply" no longer prices the page.
    if (appliedPromo) startPromoCheck(() => priceWithPromo(null));
  }

  return { promo, checking, inputRef, apply, applyOnEnter, changed };
}

/** The promo code field with its "Apply" button, hint, error and the applied discount. */
export function CheckoutPromoCode({
  promo,
  checking,
  inputRef,
  onApply,
  onKeyDown,
  onChange,
  defaultValue,
  error,
  labels,
}: {
  promo: PromoStatus;
  checking: boolean;
  inputRef: Ref<HTMLInputElement>;
  onApply: () => void;
  onKeyDown: (event: KeyboardEvent<HTMLInputElement>) => void;
  onChange: () => void;
  defaultValue: string | undefined;
  error: string | undefined;
  labels: Pick<CheckoutFormLabels, 'promoCode' | 'applyPromo' | 'promoHint' | 'promoApplied' | 'promoAppliedJunior' | 'promoNet'>;
}) {
  const locale = useRouteLocale();
  return (
    <div className="grid gap-1.5">
      <Label htmlFor="promoCode">{labels.promoCode}</Label>
      <div className="flex gap-2">
        <Input
          ref={inputRef}
          id="promoCode"
          name="promoCode"
          defaultValue={defaultValue}
          autoCapitalize="characters"
          onKeyDown={onKeyDown}
          onChange={onChange}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? 'promoCode-hint promoCode-error' : 'promoCode-hint'}
          className="max-w-60"
        />
        <Button type="button" variant="outline" onClick={onApply} disabled={checking} aria-busy={checking}>
          {labels.applyPromo}
        </Button>
      </div>
      <p id="promoCode-hint" className="text-xs text-muted-foreground">
        {labels.promoHint}
      </p>
      {error ? (
        <p id="promoCode-error" className="text-sm text-destructive">
          {error}
        </p>
      ) : null}
      <div aria-live="polite" data-testid="promo-result" className="text-sm">
        {promo.status === 'applied' ? (
          promo.check.net ? (
            <p>
              {fillTemplate(labels.promoApplied, { code: promo.check.code, percent: formatPercent(promo.check.percentOff, locale) })}{' '}
              <span className="whitespace-nowrap">
                {labels.promoNet} <Price fils={promo.check.net.totalMinor} className="font-semibold text-primary" />
              </span>
            </p>
          ) : (
            <p>{labels.promoAppliedJunior}</p>
          )
        ) : null}
      </div>
    </div>
  );
}
