'use client';

import { TriangleAlert } from 'lucide-react';
import { useActionState, useEffect, useRef, useState } from 'react';
import { FileField } from '@/components/forms/file-field';
import { FormField } from '@/components/forms/form-field';
import { SubmitButton } from '@/components/forms/submit-button';
import { useActionFailureFeedback } from '@/components/http/http-feedback';
import { Input } from '@/components/ui/input';
import { updateCompanyAction, type CompanyFormState } from '@/server/agencies/company-actions';
import { type CompanyField, type CompanyFileField, type CompanyValues, isTradeLicenceExpired } from '@/shared/agencies/company-schema';
import { allowedFormats } from '@/shared/files/file-rules';
import { COMPANY_SECTIONS, type CompanyControl, type CompanySectionKey } from './company-sections';

export type CompanyFormLabels = {
  sections: Record<CompanySectionKey, string>;
  fields: Record<CompanyField, string>;
  hints: Record<'trn' | 'bankIban' | 'bankSwift' | 'logo', string> & Record<CompanyFileField, string>;
  /** 'Current file: {name}' filled in, for each stored document and the logo. */
  currentFile: Partial<Record<CompanyFileField | 'logo', string>>;
  /** The stored logo's preview, as a screen reader names it. */
  logoPreview: string;
  removeLogo: string;
  tooLarge: string;
  download: string;
  save: string;
  saving: string;
  saved: string;
  savedNoChanges: string;
  chooseFilesAgain: string;
  /** Shown under the expiry date while it is in the past (a new past date is refused on save). */
  licenceExpired: string;
};

type Props = {
  values: CompanyValues;
  /** Download links of the stored documents. */
  files: Record<CompanyFileField, { href: string; name: string } | null>;
  /** The stored logo (its public link). */
  logo: { href: string; name: string } | null;
  labels: CompanyFormLabels;
  /** Today in Dubai (`yyyy-MM-dd`), against which the licence expiry is checked. */
  today: string;
};

/**
 * The company settings form: a plain multipart form posting to the save action, so it works
 * before hydration. A refused save shows what the admin typed, with each error at its field;
 * hydrated, focus moves to the first field in error.
 */
export function CompanyForm({ values, files, logo, labels, today }: Props) {
  const [state, formAction] = useActionState<CompanyFormState, FormData>(updateCompanyAction, null);
  useActionFailureFeedback(state);
  const formRef = useRef<HTMLFormElement>(null);
  const shown = state?.values ?? values;
  const errors: Partial<Record<CompanyField, string>> = state && !state.ok ? state.fieldErrors : {};
  // What the expiry field holds now: as typed, else as last saved or sent.
  const [typedExpiry, setTypedExpiry] = useState<string | null>(null);
  const licenceExpired = isTradeLicenceExpired(typedExpiry ?? shown.tradeLicenceExpiry ?? '', today);

  useEffect(() => {
    if (!state || state.ok) return;
    const target = formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]') ?? document.getElementById('company-error');
    // Centred, so the sticky save bar does not cover it.
    target?.focus({ preventScroll: true });
    target?.scrollIntoView({ block: 'center' });
  }, [state]);

  function control(item: CompanyControl) {
    if (item.kind === 'logo') {
      return (
        <div className="grid gap-3">
          <FileField
            name={item.field}
            label={labels.fields[item.field]}
            accept={allowedFormats('agencyLogo').accept}
            hint={labels.hints.logo}
            error={errors[item.field]}
            current={logo ?? undefined}
            labels={{ tooLarge: labels.tooLarge, download: labels.download, current: labels.currentFile.logo }}
          />
          {logo ? (
            // eslint-disable-next-line @next/next/no-img-element -- the agency's public logo, shown as its guests get it
            <img src={logo.href} alt={labels.logoPreview} className="h-14 w-auto max-w-48 justify-self-start rounded border border-border bg-white object-contain p-1" data-testid="company-logo-preview" />
          ) : null}
          {logo ? (
            <label className="flex items-center gap-2 text-sm">
              <input type="checkbox" name="removeLogo" defaultChecked={state && !state.ok ? state.values.removeLogo !== undefined : false} className="size-4 accent-primary" />
              {labels.removeLogo}
            </label>
          ) : null}
        </div>
      );
    }
    if (item.kind === 'file') {
      const file = files[item.field];
      return (
        <FileField
          name={item.field}
          label={labels.fields[item.field]}
          accept={allowedFormats(item.field).accept}
          hint={labels.hints[item.field]}
          error={errors[item.field]}
          current={file ?? undefined}
          labels={{ tooLarge: labels.tooLarge, download: labels.download, current: labels.currentFile[item.field] }}
        />
      );
    }
    const common = {
      name: item.field,
      defaultValue: shown[item.field] ?? '',
      required: 'required' in item ? item.required : undefined,
      autoComplete: 'autoComplete' in item ? item.autoComplete : undefined,
    };
    const codeProps = 'code' in item && item.code ? { autoCapitalize: 'characters', autoCorrect: 'off', spellCheck: false } : {};
    return (
      <FormField
        name={item.field}
        label={labels.fields[item.field]}
        hint={'hint' in item && item.hint ? labels.hints[item.hint] : undefined}
        error={errors[item.field]}
      >
        {item.kind === 'textarea' ? (
          <textarea
            {...common}
            rows={3}
            className="min-h-20 w-full min-w-0 rounded-lg border border-input bg-background px-3 py-2 text-base outline-none transition-colors focus-visible:border-primary focus-visible:ring-3 focus-visible:ring-primary/25 aria-invalid:border-destructive md:text-sm"
          />
        ) : (
          <Input
            {...common}
            {...codeProps}
            type={item.kind}
            inputMode={'inputMode' in item ? item.inputMode : undefined}
            onChange={item.field === 'tradeLicenceExpiry' ? (event) => setTypedExpiry(event.currentTarget.value) : undefined}
          />
        )}
      </FormField>
    );
  }

  return (
    <form ref={formRef} action={formAction} noValidate className="grid gap-6" aria-describedby={state && !state.ok ? 'company-error' : undefined}>
      {state && !state.ok ? (
        <div id="company-error" role="alert" tabIndex={-1} className="rounded-lg border border-destructive/40 bg-destructive/5 p-3 text-sm text-destructive outline-none">
          <p className="font-medium">{state.message}</p>
          {state.filesDropped ? <p className="mt-1">{labels.chooseFilesAgain}</p> : null}
        </div>
      ) : null}

      <div className="grid items-start gap-6 lg:grid-cols-2">
        {COMPANY_SECTIONS.map((section) => (
          // Named by its heading, so a field reads with its section ("Support department, Mobile").
          <fieldset key={section.key} aria-labelledby={`section-${section.key}`} className="min-w-0 rounded-xl border border-border p-4 sm:p-6">
            <h2 id={`section-${section.key}`} className="text-lg font-semibold">
              {labels.sections[section.key]}
            </h2>
            <div className="mt-4 grid gap-4 sm:grid-cols-2">
              {section.controls.map((item) => (
                <div key={item.field} className={'wide' in item && item.wide ? 'min-w-0 sm:col-span-2' : 'min-w-0'}>
                  {control(item)}
                  {item.field === 'tradeLicenceExpiry' ? (
                    <p role="status" className="mt-1.5 text-sm text-amber-800 empty:hidden" data-testid="licence-expired-warning">
                      {licenceExpired ? (
                        <span className="flex gap-1.5">
                          <TriangleAlert aria-hidden className="mt-0.5 size-4 shrink-0" />
                          {labels.licenceExpired}
                        </span>
                      ) : null}
                    </p>
                  ) : null}
                </div>
              ))}
            </div>
          </fieldset>
        ))}
      </div>

      <div className="sticky bottom-0 z-10 -mx-4 flex flex-wrap items-center gap-x-4 gap-y-2 border-t border-border bg-background/95 px-4 py-3 pr-20 backdrop-blur">
        <SubmitButton label={labels.save} pendingLabel={labels.saving} spinner size="lg" />
        <p role="status" className="text-sm font-medium text-success">
          {state?.ok ? <span key={state.savedAt}>{state.changedCount > 0 ? labels.saved : labels.savedNoChanges}</span> : null}
        </p>
      </div>
    </form>
  );
}
