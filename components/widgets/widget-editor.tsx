'use client';

import { zodResolver } from '@hookform/resolvers/zod';
import { Save } from 'lucide-react';
import { useRouter } from 'next/navigation';
import { type ReactNode, useEffect, useId, useMemo, useRef, useState, useTransition } from 'react';
import { type FieldErrors, FormProvider, useForm } from 'react-hook-form';
import { SubmitButton } from '@/components/forms/submit-button';
import { useActionFailureFeedback } from '@/components/http/http-feedback';
import { useRouteLocale } from '@/components/i18n/locale-link';
import { localizedPath } from '@/i18n/locales';
import type { ExchangeRates } from '@/shared/money/money';
import { type WidgetFormValues, type WidgetInput, type WidgetOfferCost, WIDGET_TYPES, widgetSchema } from '@/shared/widgets/widget-schema';
import { saveWidgetAction } from '@/server/widgets/widget-actions';
import { ErrorSummary, type SummaryItem } from './error-summary';
import { ErrorTextContext } from './widget-error-text';
import { useUnsavedChangesWarning } from './use-unsaved-changes-warning';
import { CheckboxField, EditorFormId, SelectField, TextAreaField, TextField } from './widget-fields';
import type { WidgetEditorLabels } from './widget-editor-labels';
import { WidgetLinkList } from './widget-link-list';
import { type OfferChoice, WidgetOfferTable } from './widget-offer-table';
import { type PreviewMedia, type PreviewMessages, WidgetPreview } from './widget-preview';

type Props = {
  /** Null for a widget not saved yet. */
  widgetId: string | null;
  values: WidgetFormValues;
  choices: OfferChoice[];
  rates: ExchangeRates;
  labels: WidgetEditorLabels;
  /** The domain's records and check, rendered by the server under the domain field. */
  domainPanel?: ReactNode;
  /** The pictures' upload forms, rendered by the server inside the Media section. */
  mediaPanel?: ReactNode;
  /** The saved pictures and the guest pages' texts, for the preview. */
  media: PreviewMedia;
  previewMessages: PreviewMessages;
};

export type EditorState = { kind: 'saved' } | { kind: 'failed'; message: string } | null;

/** The DOM id of a field's control, from its path (`offers.0.saleAdult` → `widget-offers-0-saleAdult`). */
export function fieldId(path: string): string {
  return `widget-${path.replace(/\./g, '-')}`;
}

/** A field's name in the error summary: an offer's price names the offer, a link its position. */
function fieldLabel(path: string, values: WidgetFormValues, labels: WidgetEditorLabels, choices: OfferChoice[]): string {
  const [head, index, leaf] = path.split('.');
  if (head === 'contacts') return labels.contactFields.find((item) => item.field === index)?.label ?? path;
  if (head === 'reservationContacts') return `${labels.sections.reservation}: ${labels.reservationFields.find((item) => item.field === index)?.label ?? path}`;
  if ((head === 'partners' || head === 'socials') && index !== undefined) {
    return `${labels.sections[head]} ${Number(index) + 1}: ${leaf === 'url' ? labels.fields.linkUrl : labels.fields.linkName}`;
  }
  if (head === 'offers') {
    if (index === undefined) return labels.sections.offers;
    const offerId = values.offers[Number(index)]?.offerId;
    const offerName = choices.find((choice) => choice.offerId === offerId)?.offerName ?? labels.fields.offer;
    return leaf && leaf in labels.fields ? `${offerName} — ${labels.fields[leaf as keyof WidgetEditorLabels['fields']]}` : offerName;
  }
  return labels.fields[head as keyof WidgetEditorLabels['fields']] ?? path;
}

/** An error entry's own keys; everything else in it is a nested field (the `ref` is a DOM node, never walked). */
const ERROR_KEYS = new Set(['message', 'type', 'types', 'ref']);

/** Every error in react-hook-form's nested errors, by path. */
function flattenErrors(errors: FieldErrors, prefix = ''): { path: string; message: string }[] {
  return Object.entries(errors).flatMap(([key, value]) => {
    if (ERROR_KEYS.has(key) || !value || typeof value !== 'object') return [];
    // An array's own error (no offers at all) sits on its `root`.
    const path = key === 'root' ? prefix : prefix ? `${prefix}.${key}` : key;
    const message = (value as { message?: unknown }).message;
    const own = typeof message === 'string' ? [{ path, message }] : [];
    return [...own, ...flattenErrors(value as FieldErrors, path)];
  });
}

/**
 * Spec §2's widget editor: one react-hook-form with the save action's own zod schema, so a price
 * under the 5% minimum is refused at its field before anything is sent, and the server refuses
 * the same (its catalogue may have changed since the page was rendered). A refused or failed save
 * keeps everything typed; leaving with unsaved changes asks first.
 */
export function WidgetEditor({ widgetId, values, choices, rates, labels, domainPanel, mediaPanel, media, previewMessages }: Props) {
  const formId = useId();
  const locale = useRouteLocale();
  const router = useRouter();
  const catalogue = useMemo(() => new Map<string, WidgetOfferCost>(choices.map((choice) => [choice.offerId, { tourId: choice.tourId, b2b: choice.b2b }])), [choices]);
  const form = useForm<WidgetFormValues, unknown, WidgetInput>({
    defaultValues: values,
    resolver: zodResolver(widgetSchema(catalogue)),
    mode: 'onSubmit',
    reValidateMode: 'onChange',
    // The error summary takes the focus instead: it names every field in error and links to each.
    shouldFocusError: false,
  });
  const { formState, handleSubmit, getValues, reset, setError } = form;
  const [pending, startTransition] = useTransition();
  const [state, setState] = useState<EditorState>(null);
  const [failure, setFailure] = useState<Awaited<ReturnType<typeof saveWidgetAction>> | null>(null);
  const summaryRef = useRef<HTMLDivElement>(null);
  useActionFailureFeedback(failure);
  useUnsavedChangesWarning(formState.isDirty && !pending, labels.unsaved);

  const translate = (message: string) => labels.errors[message] ?? message;
  const summary: SummaryItem[] = flattenErrors(formState.errors).map(({ path, message }) => ({ id: fieldId(path), label: fieldLabel(path, getValues(), labels, choices), message: translate(message) }));

  // The summary takes the focus after each refused save, in the first commit that shows it (the
  // form's errors may arrive a render after the refusal).
  const summaryWanted = useRef(false);
  useEffect(() => {
    if (!summaryWanted.current || !summaryRef.current) return;
    summaryWanted.current = false;
    summaryRef.current.focus();
  });
  const [, setSummaryRequest] = useState(0);
  const showSummary = () => {
    summaryWanted.current = true;
    setSummaryRequest((count) => count + 1);
  };

  function save() {
    setState(null);
    const sent = getValues();
    startTransition(async () => {
      const result = await saveWidgetAction(widgetId, sent).catch(() => null);
      if (!result) {
        setState({ kind: 'failed', message: labels.saveFailed });
        return;
      }
      if (!result.ok) {
        setFailure(result);
        const fields = Object.entries(result.fieldErrors);
        for (const [path, message] of fields) if (message) setError(path as never, { type: 'server', message });
        if (fields.length > 0) showSummary();
        else setState({ kind: 'failed', message: result.status === 503 ? result.message : labels.saveFailed });
        return;
      }
      if (result.data.created) {
        router.replace(`${localizedPath(locale, `/widgets/${result.data.id}`)}?notice=created`);
        reset(sent);
        return;
      }
      reset(sent);
      setState({ kind: 'saved' });
    });
  }

  const typeOptions = WIDGET_TYPES.map((type) => ({ value: type, label: labels.types[type] }));
  return (
    <ErrorTextContext value={labels.errors}>
    <FormProvider {...form}>
    <EditorFormId value={formId}>
      {/* The controls below belong to this form by its id (EditorFormId): the sections hold other forms. */}
      <form id={formId} noValidate onSubmit={(event) => void handleSubmit(save, showSummary)(event)} />
      <div aria-busy={pending} className="grid gap-8">
        <ErrorSummary ref={summaryRef} title={labels.summaryTitle} items={summary} />
        {state?.kind === 'failed' ? (
          <p role="alert" className="rounded-lg border border-destructive/50 bg-red-50 px-4 py-3 text-red-900" data-testid="widget-save-failed">
            {state.message}
          </p>
        ) : null}

        <Section title={labels.sections.general}>
          <div className="grid gap-4 md:grid-cols-2">
            <TextField path="name" label={labels.fields.name} required maxLength={100} />
            <SelectField path="type" label={labels.fields.type} options={typeOptions} />
            <SelectField path="currency" label={labels.fields.currency} options={labels.currencies} />
            <SelectField path="locale" label={labels.fields.locale} options={labels.languages} />
            <TextField path="offersTitle" label={labels.fields.offersTitle} maxLength={120} />
          </div>
          <TextAreaField path="footerText" label={labels.fields.footerText} maxLength={1000} />
        </Section>

        <Section title={labels.sections.offers}>
          <WidgetOfferTable choices={choices} labels={labels} />
        </Section>

        <Section title={labels.sections.seo}>
          <div className="grid gap-4 md:grid-cols-2">
            <TextField path="metaTitle" label={labels.fields.metaTitle} maxLength={70} />
            <TextField path="conversionActionId" label={labels.fields.conversionActionId} hint={labels.hints.conversionActionId} maxLength={100} />
          </div>
          <TextAreaField path="metaDescription" label={labels.fields.metaDescription} hint={labels.hints.metaDescription} maxLength={160} rows={2} />
          <CheckboxField path="noIndex" label={labels.fields.noIndex} />
        </Section>

        <Section title={labels.sections.media}>
          <TextField path="heroVideoUrl" label={labels.fields.heroVideoUrl} type="url" maxLength={500} />
          <CheckboxField path="heroVideoDisabled" label={labels.fields.heroVideoDisabled} />
          {mediaPanel}
        </Section>

        <Section title={labels.sections.contacts}>
          <div className="grid gap-4 md:grid-cols-2">
            {labels.contactFields.map(({ field, label }) => (
              <TextField key={field} path={`contacts.${field}`} label={label} maxLength={field === 'address' || field === 'mapLink' ? 500 : 254} />
            ))}
          </div>
        </Section>

        <Section title={labels.sections.reservation}>
          <div className="grid gap-4 md:grid-cols-3">
            {labels.reservationFields.map(({ field, label }) => (
              <TextField key={field} path={`reservationContacts.${field}`} label={label} maxLength={254} />
            ))}
          </div>
        </Section>

        <Section title={labels.sections.partners}>
          <WidgetLinkList name="partners" labels={labels} />
        </Section>
        <Section title={labels.sections.socials}>
          <WidgetLinkList name="socials" labels={labels} />
        </Section>

        <Section title={labels.sections.dns}>
          <TextField path="domain" label={labels.fields.domain} hint={labels.hints.domain} maxLength={253} autoComplete="off" spellCheck={false} />
          {domainPanel}
        </Section>

        <Section title={labels.sections.preview}>
          <WidgetPreview choices={choices} rates={rates} labels={labels} media={media} messages={previewMessages} />
        </Section>

        <div className="sticky bottom-0 z-10 -mx-4 flex flex-wrap items-center gap-3 border-t border-border bg-background/95 px-4 py-3 backdrop-blur">
          <SubmitButton label={labels.save} pendingLabel={labels.saving} pending={pending} form={formId} icon={<Save aria-hidden className="size-4" />} spinner />
          <p aria-live="polite" className="text-sm">
            {state?.kind === 'saved' && !formState.isDirty ? <span className="text-emerald-700">{labels.saved}</span> : null}
            {formState.isDirty ? <span className="text-amber-700" data-testid="widget-unsaved">{labels.unsavedBadge}</span> : null}
          </p>
        </div>
      </div>
    </EditorFormId>
    </FormProvider>
    </ErrorTextContext>
  );
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <fieldset className="grid min-w-0 gap-4 rounded-xl border border-border p-4 md:p-6">
      <legend className="px-1 text-lg font-semibold">{title}</legend>
      {children}
    </fieldset>
  );
}
