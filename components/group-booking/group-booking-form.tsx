'use client';

import { CheckCircle2, Download, FileSpreadsheet, XCircle } from 'lucide-react';
import { type FormEvent, useEffect, useId, useRef, useState, useTransition } from 'react';
import { useActionFailureFeedback } from '@/components/http/http-feedback';
import { Button, buttonVariants } from '@/components/ui/button';
import { Label } from '@/components/ui/label';
import { Spinner } from '@/components/ui/spinner';
import type { Locale } from '@/i18n/locales';
import type { ActionFailure } from '@/server/actions/run-action';
import { bookGroupSheetAction, previewGroupSheetAction } from '@/server/group-booking/group-booking-actions';
import type { GroupBookingOutcome, GroupPreview } from '@/server/group-booking/group-booking';
import { GROUP_SHEET_ACCEPT, GROUP_SHEET_MAX_BYTES } from '@/shared/group-booking/sheet-rules';
import { formatMoney } from '@/shared/money/money';

export type GroupBookingLabels = Record<
  | 'uploadTitle'
  | 'fileLabel'
  | 'check'
  | 'checking'
  | 'previewTitle'
  | 'summary'
  | 'netTotal'
  | 'net'
  | 'publishedTotal'
  | 'colRow'
  | 'colTour'
  | 'colDate'
  | 'colGuests'
  | 'colGuest'
  | 'colPrice'
  | 'colStatus'
  | 'colReference'
  | 'valid'
  | 'invalid'
  | 'guests'
  | 'book'
  | 'booking'
  | 'noValid'
  | 'resultsTitle'
  | 'resultsSummary'
  | 'download'
  | 'another'
  | 'fileTooLarge'
  | 'fileMissing',
  string
> & { outcomes: Record<GroupBookingOutcome['rows'][number]['outcome'], string> };

const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** `{name}` placeholders of a label filled in (the labels come translated from the page). */
function fill(template: string, values: Record<string, string | number>): string {
  return template.replace(/\{(\w+)\}/g, (whole, name: string) => (name in values ? String(values[name]) : whole));
}

/**
 * The group booking's steps after the template: choose the file, see every row checked, book the
 * valid ones, download the result sheet. The file stays in the browser between the steps and is
 * sent again with "Book": the server checks it again rather than trusting the preview.
 */
export function GroupBookingForm({ labels, locale }: { labels: GroupBookingLabels; locale: Locale }) {
  const inputId = useId();
  const [file, setFile] = useState<File | null>(null);
  const [fileError, setFileError] = useState<string | null>(null);
  const [preview, setPreview] = useState<GroupPreview | null>(null);
  const [outcome, setOutcome] = useState<GroupBookingOutcome | null>(null);
  const [failure, setFailure] = useState<ActionFailure | null>(null);
  const [step, setStep] = useState<'check' | 'book' | null>(null);
  const [pending, startTransition] = useTransition();
  const previewHeading = useRef<HTMLHeadingElement>(null);
  const resultHeading = useRef<HTMLHeadingElement>(null);
  const inputRef = useRef<HTMLInputElement>(null);
  useActionFailureFeedback(failure);

  useEffect(() => {
    if (outcome) resultHeading.current?.focus();
  }, [outcome]);

  useEffect(() => {
    if (preview) previewHeading.current?.focus();
  }, [preview]);

  function choose(event: FormEvent<HTMLInputElement>) {
    const chosen = event.currentTarget.files?.[0] ?? null;
    setPreview(null);
    setOutcome(null);
    setFailure(null);
    if (chosen && chosen.size > GROUP_SHEET_MAX_BYTES) {
      event.currentTarget.value = '';
      setFile(null);
      setFileError(labels.fileTooLarge);
      return;
    }
    setFileError(null);
    setFile(chosen);
  }

  function send(kind: 'check' | 'book') {
    if (!file) {
      setFileError(labels.fileMissing);
      inputRef.current?.focus();
      return;
    }
    const form = new FormData();
    form.set('file', file);
    setFailure(null);
    setStep(kind);
    startTransition(async () => {
      if (kind === 'check') {
        const result = await previewGroupSheetAction(null, form);
        if (result.ok) setPreview(result.data);
        else setFailure(result);
      } else {
        const result = await bookGroupSheetAction(null, form);
        if (result.ok) setOutcome(result.data);
        else setFailure(result);
      }
    });
  }

  function reset() {
    setFile(null);
    setPreview(null);
    setOutcome(null);
    setFailure(null);
    if (inputRef.current) {
      inputRef.current.value = '';
      inputRef.current.focus();
    }
  }

  const validRows = preview?.rows.filter((row) => row.errors.length === 0) ?? [];
  const money = (minor: number) => formatMoney(minor, 'AED', locale);
  const netTotal = validRows.every((row) => row.netTotalMinor !== null) ? validRows.reduce((sum, row) => sum + (row.netTotalMinor ?? 0), 0) : null;
  const publishedTotal = validRows.reduce((sum, row) => sum + (row.publishedTotalMinor ?? 0), 0);
  const fileProblem = fileError ?? failure?.fieldErrors.file ?? null;

  return (
    <div className="grid gap-8">
      <section aria-labelledby={`${inputId}-upload`} className="rounded-xl border border-border p-4 sm:p-6">
        <h2 id={`${inputId}-upload`} className="text-lg font-semibold">
          {labels.uploadTitle}
        </h2>
        <form
          className="mt-4 grid gap-3"
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            send('check');
          }}
        >
          <div className="grid gap-1.5">
            <Label htmlFor={inputId}>{labels.fileLabel}</Label>
            <input
              ref={inputRef}
              id={inputId}
              name="file"
              type="file"
              accept={GROUP_SHEET_ACCEPT}
              onChange={choose}
              aria-invalid={fileProblem ? true : undefined}
              aria-describedby={fileProblem ? `${inputId}-error` : undefined}
              className="block w-full min-w-0 rounded-lg border border-input bg-background text-sm file:mr-3 file:h-10 file:border-0 file:border-r file:border-input file:bg-muted file:px-3 file:text-sm file:font-medium focus-visible:border-primary focus-visible:outline-none focus-visible:ring-3 focus-visible:ring-primary/25 aria-invalid:border-destructive"
            />
            {fileProblem ? (
              <p id={`${inputId}-error`} role="alert" className="text-sm text-destructive">
                {fileProblem}
              </p>
            ) : null}
          </div>
          {failure && !failure.fieldErrors.file ? (
            <p role="alert" className="rounded-lg border border-destructive/40 bg-destructive/10 px-3 py-2 text-sm text-destructive">
              {failure.message}
            </p>
          ) : null}
          <div className="flex flex-wrap items-center gap-3">
            <Button type="submit" disabled={pending}>
              <FileSpreadsheet aria-hidden />
              {labels.check}
            </Button>
            {pending ? (
              <span className="flex items-center gap-2 text-sm text-muted-foreground" aria-live="polite">
                <Spinner className="[&_svg]:size-5" label={step === 'book' ? labels.booking : labels.checking} />
                <span aria-hidden>{step === 'book' ? labels.booking : labels.checking}</span>
              </span>
            ) : null}
          </div>
        </form>
      </section>

      {preview && !outcome ? (
        <section aria-labelledby={`${inputId}-preview`} className="grid gap-4" data-testid="group-preview">
          <h2 id={`${inputId}-preview`} ref={previewHeading} tabIndex={-1} className="text-lg font-semibold outline-none">
            {labels.previewTitle}
          </h2>
          <p role="status" className="text-sm">
            {fill(labels.summary, { valid: validRows.length, total: preview.rows.length })}{' '}
            {validRows.length > 0 ? (
              <span className="text-muted-foreground">
                {fill(labels.publishedTotal, { amount: money(publishedTotal) })}
                {netTotal !== null ? ` · ${fill(labels.netTotal, { amount: money(netTotal) })}` : null}
              </span>
            ) : null}
          </p>
          <div className="overflow-x-auto rounded-xl border border-border" tabIndex={0} role="region" aria-labelledby={`${inputId}-preview`}>
            <table className="w-full min-w-[44rem] text-left text-sm">
              <thead className="bg-muted/50 text-xs text-muted-foreground">
                <tr>
                  <th scope="col" className="px-3 py-2">{labels.colRow}</th>
                  <th scope="col" className="px-3 py-2">{labels.colStatus}</th>
                  <th scope="col" className="px-3 py-2">{labels.colTour}</th>
                  <th scope="col" className="px-3 py-2">{labels.colDate}</th>
                  <th scope="col" className="px-3 py-2">{labels.colGuests}</th>
                  <th scope="col" className="px-3 py-2">{labels.colGuest}</th>
                  <th scope="col" className="px-3 py-2 text-right">{labels.colPrice}</th>
                </tr>
              </thead>
              <tbody>
                {preview.rows.map((row) => {
                  const ok = row.errors.length === 0;
                  return (
                    <tr key={row.row} className="border-t border-border align-top" data-row={row.row} data-valid={ok}>
                      <th scope="row" className="px-3 py-2 font-medium">{row.row}</th>
                      <td className="px-3 py-2">
                        {ok ? (
                          <span className="inline-flex items-center gap-1 text-success">
                            <CheckCircle2 aria-hidden className="size-4" />
                            {labels.valid}
                          </span>
                        ) : (
                          <div className="grid gap-1 text-destructive">
                            <span className="inline-flex items-center gap-1 font-medium">
                              <XCircle aria-hidden className="size-4" />
                              {labels.invalid}
                            </span>
                            <ul className="list-disc ps-5 text-xs">
                              {row.errors.map((error) => (
                                <li key={error}>{error}</li>
                              ))}
                            </ul>
                          </div>
                        )}
                      </td>
                      <td className="px-3 py-2">{row.tour ?? row.cells.offer_id}</td>
                      <td className="px-3 py-2 whitespace-nowrap">
                        {row.cells.date} {row.cells.time}
                      </td>
                      <td className="px-3 py-2 whitespace-nowrap">
                        {fill(labels.guests, { adults: row.cells.adults || 0, children: row.cells.children || 0, infants: row.cells.infants || 0 })}
                      </td>
                      <td className="px-3 py-2">{row.cells.guest_name}</td>
                      <td className="px-3 py-2 text-right whitespace-nowrap">
                        {row.publishedTotalMinor !== null ? money(row.publishedTotalMinor) : '—'}
                        {row.netTotalMinor !== null ? <span className="block text-xs text-muted-foreground">{fill(labels.net, { amount: money(row.netTotalMinor) })}</span> : null}
                      </td>
                    </tr>
                  );
                })}
              </tbody>
            </table>
          </div>
          {validRows.length > 0 ? (
            <Button type="button" className="justify-self-start" disabled={pending} onClick={() => send('book')}>
              {fill(labels.book, { count: validRows.length })}
            </Button>
          ) : (
            <p className="text-sm text-muted-foreground">{labels.noValid}</p>
          )}
        </section>
      ) : null}

      {outcome ? (
        <section aria-labelledby={`${inputId}-result`} className="grid gap-4" data-testid="group-result">
          <h2 id={`${inputId}-result`} ref={resultHeading} tabIndex={-1} className="text-lg font-semibold outline-none">
            {labels.resultsTitle}
          </h2>
          <p role="status" className="text-sm">
            {fill(labels.resultsSummary, {
              booked: outcome.rows.filter((row) => row.outcome === 'booked').length,
              already: outcome.rows.filter((row) => row.outcome === 'alreadyBooked').length,
              failed: outcome.rows.filter((row) => row.outcome === 'failed' || row.outcome === 'skipped').length,
            })}
          </p>
          <div className="flex flex-wrap gap-3">
            {/* A data: link with `download` saves the sheet the answer carried; nothing is asked of the server again. */}
            <a href={`data:${XLSX_TYPE};base64,${outcome.resultSheet.base64}`} download={outcome.resultSheet.fileName} className={buttonVariants()}>
              <Download aria-hidden />
              {labels.download}
            </a>
            <Button type="button" variant="outline" onClick={reset}>
              {labels.another}
            </Button>
          </div>
          <div className="overflow-x-auto rounded-xl border border-border" tabIndex={0} role="region" aria-labelledby={`${inputId}-result`}>
            <table className="w-full min-w-[36rem] text-left text-sm">
              <thead className="bg-muted/50 text-xs text-muted-foreground">
                <tr>
                  <th scope="col" className="px-3 py-2">{labels.colRow}</th>
                  <th scope="col" className="px-3 py-2">{labels.colStatus}</th>
                  <th scope="col" className="px-3 py-2">{labels.colReference}</th>
                  <th scope="col" className="px-3 py-2">{labels.colGuest}</th>
                </tr>
              </thead>
              <tbody>
                {outcome.rows.map((row) => (
                  <tr key={row.row} className="border-t border-border align-top" data-row={row.row} data-outcome={row.outcome}>
                    <th scope="row" className="px-3 py-2 font-medium">{row.row}</th>
                    <td className={row.reference ? 'px-3 py-2 text-success' : 'px-3 py-2 text-destructive'}>
                      {labels.outcomes[row.outcome]}
                      {row.errors.length > 0 ? (
                        <ul className="list-disc ps-5 text-xs">
                          {row.errors.map((error) => (
                            <li key={error}>{error}</li>
                          ))}
                        </ul>
                      ) : null}
                    </td>
                    <td className="px-3 py-2 font-mono">{row.reference ?? '—'}</td>
                    <td className="px-3 py-2">{row.cells.guest_name}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </section>
      ) : null}
    </div>
  );
}
