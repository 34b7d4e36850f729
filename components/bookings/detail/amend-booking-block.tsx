import { History } from '@/components/icons/icons';
import { getTranslations } from 'next-intl/server';
import { Price } from '@/components/catalog/price';
import { formatDisplayDay } from '@/i18n/dates';
import type { Locale } from '@/i18n/locales';
import { type AmendmentHistoryEntry, loadAmendmentPanelFor } from '@/server/bookings/amendment-queries';
import { AmendBookingForm, type AmendBookingLabels } from './amend-booking-form';

/** The messages the form's zod schema answers with (keys), translated here: islands carry no translation runtime. */
const FORM_ERRORS = ['count', 'required', 'tooLong', 'nameLetters', 'phone', 'email', 'noGuests', 'date', 'time', 'retry'] as const;

/**
 * The booking page's amendment block: the form (change, see the difference, confirm) when the
 * booking can be amended, why not when it cannot, and its amendments so far.
 */
export async function AmendBookingBlock({ reference, locale }: { reference: string; locale: Locale }) {
  const panel = await loadAmendmentPanelFor(reference);
  if (!panel) return null;
  const t = await getTranslations('amendments');
  const tc = await getTranslations('checkout.errors');
  const labels: AmendBookingLabels = {
    title: t('title'),
    lead: t('lead'),
    open: t('open'),
    close: t('close'),
    slot: t('fields.slot'),
    slotOptions: Object.fromEntries(
      panel.slots.map((slot) => [`${slot.date}|${slot.time}`, t('fields.slotOption', { date: formatDisplayDay(slot.date, locale), time: slot.time, left: slot.left })]),
    ),
    adults: t('fields.adults'),
    children: t('fields.children'),
    infants: t('fields.infants'),
    guestName: t('fields.guestName'),
    guestPhone: t('fields.guestPhone'),
    guestEmail: t('fields.guestEmail'),
    ticketNames: t('fields.ticketNames'),
    ticketNamesHint: t('fields.ticketNamesHint'),
    ticket: {
      adult: t('fields.ticket', { index: '{index}', type: 'adult' }),
      child: t('fields.ticket', { index: '{index}', type: 'child' }),
      infant: t('fields.ticket', { index: '{index}', type: 'infant' }),
    },
    review: t('review'),
    reviewing: t('reviewing'),
    changedSinceReview: t('changedSinceReview'),
    previewTitle: t('preview.title'),
    difference: t('preview.difference'),
    pay: t('preview.pay'),
    payBalance: t('preview.payBalance'),
    payCard: t('preview.payCard'),
    refund: t('preview.refund'),
    refundBalance: t('preview.refundBalance', { percent: '{percent}' }),
    refundCard: t('preview.refundCard', { percent: '{percent}' }),
    fee: t('preview.fee'),
    nothing: t('preview.nothing'),
    amountsHidden: t(panel.customerView ? 'preview.amountsHiddenCustomerView' : 'preview.amountsHidden'),
    confirmBalance: t('confirm.balance'),
    confirmCard: t('confirm.card'),
    confirmRefund: t('confirm.refund'),
    confirmFree: t('confirm.free'),
    confirming: t('confirm.confirming'),
    done: t('done'),
    errors: Object.fromEntries(FORM_ERRORS.map((key) => [`checkout.errors.${key}`, tc(key)])),
  };
  return (
    <section aria-labelledby="amend-title" className="rounded-xl border border-border p-4 xs:p-6" data-testid="amend-booking">
      <h2 id="amend-title" className="text-lg font-semibold">
        {t('title')}
      </h2>
      {panel.refusal ? (
        <p className="mt-3 text-sm text-muted-foreground" data-testid="amend-refusal">
          {t(`errors.${panel.refusal}` as never)}
        </p>
      ) : (
        <AmendBookingForm reference={panel.reference} current={panel.current} slots={Object.keys(labels.slotOptions)} seesNet={panel.seesNet} locale={locale} labels={labels} />
      )}
      {panel.history.length > 0 ? (
        <div className="mt-5 border-t border-border pt-4">
          <h3 className="flex items-center gap-2 font-medium">
            <History aria-hidden className="size-4" />
            {t('history.title')}
          </h3>
          <ol className="mt-3 grid gap-3 text-sm" data-testid="amend-history">
            {panel.history.map((entry) => (
              <HistoryItem key={entry.id} entry={entry} locale={locale} t={t} />
            ))}
          </ol>
        </div>
      ) : null}
    </section>
  );
}

type Translate = Awaited<ReturnType<typeof getTranslations<'amendments'>>>;

function HistoryItem({ entry, locale, t }: { entry: AmendmentHistoryEntry; locale: Locale; t: Translate }) {
  const { from, to } = entry;
  const counts = (state: AmendmentHistoryEntry['from']) => t('history.guestsCount', { adults: state.adults, children: state.children, infants: state.infants });
  const moved = from.tourDate !== to.tourDate || from.startTime !== to.startTime;
  return (
    <li className="rounded-lg bg-muted p-3">
      <p className="font-medium">
        {t('history.when', { date: `${formatDisplayDay(entry.createdAt.toISOString().slice(0, 10), locale)}` })} · {t(`history.status.${entry.status}`)}
      </p>
      {moved ? (
        <p>
          {t('history.change', {
            fromDate: formatDisplayDay(from.tourDate, locale),
            fromTime: from.startTime ?? '',
            toDate: formatDisplayDay(to.tourDate, locale),
            toTime: to.startTime ?? '',
          })}
        </p>
      ) : null}
      {counts(from) !== counts(to) ? <p>{t('history.guests', { from: counts(from), to: counts(to) })}</p> : null}
      {from.guestName !== to.guestName ? <p>{t('history.lead', { from: from.guestName, to: to.guestName })}</p> : null}
      {entry.settledMinor !== null && entry.settledMinor !== 0 && entry.status === 'applied' ? (
        <p>
          {entry.settledMinor > 0 ? t('history.settledPaid') : t('history.settledRefund')}: <Price fils={Math.abs(entry.settledMinor)} className="tabular-nums" />
        </p>
      ) : null}
      {entry.status === 'applied' ? <p className="text-muted-foreground">{t('history.voided', { issue: entry.fromIssue })}</p> : null}
    </li>
  );
}
