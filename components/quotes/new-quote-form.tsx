'use client';

import { useActionState, useState } from 'react';
import { FormAlert } from '@/components/account/form-alert';
import { FormField } from '@/components/forms/form-field';
import { SubmitButton } from '@/components/forms/submit-button';
import { LocaleLink } from '@/components/i18n/locale-link';
import { buttonVariants } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import type { Locale } from '@/i18n/locales';
import { createQuoteAction, type NewQuoteState } from '@/server/quotes/quote-actions';
import { formatMoney } from '@/shared/money/money';
import { markupProblem, QUOTE_CURRENCIES, QUOTE_DEFAULT_VALID_DAYS, quotePrice } from '@/shared/quotes/quote-pricing';
import type { QuoteField } from '@/shared/quotes/quote-schema';
import { CopyLinkButton } from './copy-link-button';

export type NewQuoteLabels = Record<
  | 'guestSection' | 'guestName' | 'guestEmail' | 'guestPhone' | 'locale' | 'currency' | 'markupSection' | 'markupKind' | 'percent' | 'amount' | 'markupValue'
  | 'markupHint' | 'guestPrice' | 'validDays' | 'validHint' | 'submit' | 'submitting' | 'created' | 'siteLink' | 'toList' | 'another' | 'copyLink' | 'copied'
  | 'belowMinimum' | 'aboveMaximum' | 'en' | 'ru',
  string
>;

/** The trip the quote is for (the checkout's selection), carried as hidden fields. */
export type QuoteSelection = { offerId: string; date: string; time: string | null; adults: number; children: number; infants: number };

/**
 * The new-quote form: the guest, the language and currency, the markup with the guest price it
 * makes (the same pure function the server prices with), then the links to send.
 */
export function NewQuoteForm({ selection, netTotalMinor, locale, labels }: { selection: QuoteSelection; netTotalMinor: number; locale: Locale; labels: NewQuoteLabels }) {
  const [state, formAction] = useActionState<NewQuoteState, FormData>(createQuoteAction, null);
  const values = state && !state.ok ? state.values : {};
  const [kind, setKind] = useState<'percent' | 'amount'>(values.markupKind === 'amount' ? 'amount' : 'percent');
  const [value, setValue] = useState(values.markupValue ?? '15');
  const errorOf = (field: QuoteField) => (state && !state.ok ? state.fieldErrors?.[field] : undefined);

  if (state?.ok) {
    return (
      <div className="grid gap-4" data-testid="quote-created">
        <FormAlert tone="notice">{labels.created}</FormAlert>
        <LinkRow url={state.data.portal} labels={labels} testId="quote-link" />
        {state.data.site ? (
          <>
            <p className="text-sm">{labels.siteLink}</p>
            <LinkRow url={state.data.site} labels={labels} testId="quote-site-link" />
          </>
        ) : null}
        <div className="flex flex-wrap gap-3">
          <LocaleLink href="/quotes" className={buttonVariants({ variant: 'outline' })}>
            {labels.toList}
          </LocaleLink>
        </div>
      </div>
    );
  }

  const amount = Number(value.replace(',', '.'));
  const markup = kind === 'percent' ? { kind, value: Math.round(amount) } : { kind, value: Math.round(amount * 100) };
  const preview = Number.isFinite(amount) && amount >= 0 ? quotePrice(netTotalMinor, markup) : null;
  const problem = preview ? markupProblem(netTotalMinor, preview.retailTotalMinor) : null;

  return (
    <form action={formAction} className="grid gap-6" noValidate>
      {state && !state.ok ? <FormAlert tone="error">{state.message}</FormAlert> : null}
      <input type="hidden" name="offerId" value={selection.offerId} />
      <input type="hidden" name="date" value={selection.date} />
      <input type="hidden" name="time" value={selection.time ?? ''} />
      <input type="hidden" name="adults" value={selection.adults} />
      <input type="hidden" name="children" value={selection.children} />
      <input type="hidden" name="infants" value={selection.infants} />

      <fieldset className="grid gap-4 sm:grid-cols-2">
        <legend className="mb-2 text-lg font-semibold">{labels.guestSection}</legend>
        <FormField name="guestName" label={labels.guestName} error={errorOf('guestName')}>
          <Input name="guestName" autoComplete="off" required defaultValue={values.guestName ?? ''} />
        </FormField>
        <FormField name="guestEmail" label={labels.guestEmail} error={errorOf('guestEmail')}>
          <Input name="guestEmail" type="email" autoComplete="off" required defaultValue={values.guestEmail ?? ''} />
        </FormField>
        <FormField name="guestPhone" label={labels.guestPhone} error={errorOf('guestPhone')}>
          <Input name="guestPhone" type="tel" autoComplete="off" required defaultValue={values.guestPhone ?? ''} />
        </FormField>
        <FormField name="locale" label={labels.locale} error={errorOf('locale')}>
          <select name="locale" defaultValue={values.locale ?? locale} className="h-10 rounded-lg border border-input bg-background px-3">
            <option value="en">{labels.en}</option>
            <option value="ru">{labels.ru}</option>
          </select>
        </FormField>
        <FormField name="currency" label={labels.currency} error={errorOf('currency')}>
          <select name="currency" defaultValue={values.currency ?? (locale === 'ru' ? 'USD' : 'AED')} className="h-10 rounded-lg border border-input bg-background px-3">
            {QUOTE_CURRENCIES.map((currency) => (
              <option key={currency} value={currency}>
                {currency}
              </option>
            ))}
          </select>
        </FormField>
        <FormField name="validDays" label={labels.validDays} hint={labels.validHint} error={errorOf('validDays')}>
          <Input name="validDays" type="number" inputMode="numeric" min={1} max={30} defaultValue={values.validDays ?? String(QUOTE_DEFAULT_VALID_DAYS)} />
        </FormField>
      </fieldset>

      <fieldset className="grid gap-4 sm:grid-cols-2">
        <legend className="mb-2 text-lg font-semibold">{labels.markupSection}</legend>
        <div role="radiogroup" aria-label={labels.markupKind} className="flex flex-wrap gap-4 sm:col-span-2">
          {(['percent', 'amount'] as const).map((option) => (
            <label key={option} className="flex items-center gap-2">
              <input type="radio" name="markupKind" value={option} checked={kind === option} onChange={() => setKind(option)} />
              {labels[option]}
            </label>
          ))}
        </div>
        <FormField name="markupValue" label={labels.markupValue} hint={labels.markupHint} error={errorOf('markupValue') ?? (problem ? labels[problem] : undefined)}>
          <Input name="markupValue" inputMode="decimal" value={value} onChange={(event) => setValue(event.target.value)} />
        </FormField>
        <div className="grid content-start gap-1.5">
          <span className="text-sm font-medium">{labels.guestPrice}</span>
          <output className="text-2xl font-semibold" data-testid="quote-guest-price" aria-live="polite">
            {preview ? formatMoney(preview.retailTotalMinor, 'AED', locale) : '—'}
          </output>
        </div>
      </fieldset>

      <SubmitButton label={labels.submit} pendingLabel={labels.submitting} spinner className="w-full sm:w-auto sm:justify-self-start" />
    </form>
  );
}

function LinkRow({ url, labels, testId }: { url: string; labels: Pick<NewQuoteLabels, 'copyLink' | 'copied'>; testId: string }) {
  return (
    <div className="flex flex-col gap-2 sm:flex-row">
      <Input readOnly value={url} data-testid={testId} aria-label={url} onFocus={(event) => event.currentTarget.select()} />
      <CopyLinkButton url={url} label={labels.copyLink} copiedLabel={labels.copied} />
    </div>
  );
}
