'use client';

import { Copy, MessageCircle, Send } from 'lucide-react';
import { useActionState, useId, useRef, useState } from 'react';
import { FormField } from '@/components/forms/form-field';
import { SubmitButton } from '@/components/forms/submit-button';
import { useActionFailureFeedback } from '@/components/http/http-feedback';
import { Button, buttonVariants } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import type { Locale } from '@/i18n/locales';
import { sendToGuestAction, type SendToGuestState } from '@/server/guest-handoff/handoff-actions';

export type GuestHandoffLabels = {
  email: string;
  language: string;
  languages: Record<Locale, string>;
  send: string;
  sending: string;
  /** With `{email}` still in it: filled in here with the address the server answers. */
  sent: string;
  alreadySent: string;
  link: string;
  linkHint: string;
  copy: string;
  copied: string;
  copyFailed: string;
  whatsapp: string;
};

type Props = {
  reference: string;
  guestEmail: string;
  defaultLocale: Locale;
  links: Record<Locale, { url: string; whatsappHref: string }>;
  labels: GuestHandoffLabels;
};

/**
 * "Send to guest": the mail form (address and language), the public link of the chosen language
 * to copy, and the WhatsApp share link. The form posts to a server action, so it sends before
 * hydration too; a refusal keeps what was typed and says why, next to the field.
 */
export function GuestHandoffForm({ reference, guestEmail, defaultLocale, links, labels }: Props) {
  const [state, formAction] = useActionState<SendToGuestState, FormData>(sendToGuestAction, null);
  useActionFailureFeedback(state?.ok === false && state.status !== 422 ? state : null);
  const [locale, setLocale] = useState<Locale>(defaultLocale);
  // Controlled, so a refused address stays as typed to be corrected (React resets a form's uncontrolled fields after its action).
  const [email, setEmail] = useState(guestEmail);
  const [copyState, setCopyState] = useState<'idle' | 'copied' | 'failed'>('idle');
  const linkRef = useRef<HTMLInputElement>(null);
  const id = useId();
  const link = links[locale];
  const failure = state?.ok === false ? state : null;

  async function copy() {
    try {
      await navigator.clipboard.writeText(link.url);
      setCopyState('copied');
    } catch {
      // No clipboard (an insecure origin, a refused permission): leave the link selected to copy by hand.
      linkRef.current?.select();
      setCopyState('failed');
    }
  }

  return (
    <div className="grid gap-4">
      <form action={formAction} noValidate className="grid gap-3" data-testid="guest-handoff-form">
        <input type="hidden" name="reference" value={reference} />
        <FormField name="email" id={`${id}-email`} label={labels.email} error={failure?.fieldErrors.email}>
          <Input type="email" name="email" value={email} onChange={(event) => setEmail(event.target.value)} autoComplete="off" inputMode="email" required maxLength={254} />
        </FormField>
        <div className="grid gap-1.5">
          <Label htmlFor={`${id}-locale`}>{labels.language}</Label>
          <select
            id={`${id}-locale`}
            name="locale"
            value={locale}
            onChange={(event) => {
              setLocale(event.target.value as Locale);
              setCopyState('idle');
            }}
            className="h-10 w-full rounded-lg border border-input bg-background px-3 text-base outline-none focus-visible:border-primary focus-visible:ring-3 focus-visible:ring-primary/25 md:text-sm"
          >
            {(Object.keys(labels.languages) as Locale[]).map((option) => (
              <option key={option} value={option}>
                {labels.languages[option]}
              </option>
            ))}
          </select>
        </div>
        <SubmitButton label={labels.send} pendingLabel={labels.sending} icon={<Send aria-hidden />} spinner className="w-full xs:w-auto xs:justify-self-start" />
        <p role="status" aria-live="polite" className="text-sm empty:hidden" data-testid="guest-handoff-status">
          {state?.ok ? (state.data.alreadySent ? labels.alreadySent : labels.sent).replace('{email}', state.data.sentTo) : null}
        </p>
        {failure && Object.keys(failure.fieldErrors).length === 0 ? (
          <p role="alert" className="text-sm text-destructive" data-testid="guest-handoff-error">
            {failure.message}
          </p>
        ) : null}
      </form>

      <div className="grid gap-1.5">
        <Label htmlFor={`${id}-link`}>{labels.link}</Label>
        <div className="flex min-w-0 gap-2">
          <Input
            ref={linkRef}
            id={`${id}-link`}
            readOnly
            value={link.url}
            aria-describedby={`${id}-link-hint`}
            onFocus={(event) => event.currentTarget.select()}
            className="font-mono text-xs md:text-xs"
            data-testid="guest-handoff-link"
          />
          <Button type="button" variant="outline" size="icon" onClick={copy} aria-label={labels.copy} title={labels.copy}>
            <Copy aria-hidden />
          </Button>
        </div>
        <p id={`${id}-link-hint`} className="text-xs text-muted-foreground">
          {labels.linkHint}
        </p>
        <p role="status" aria-live="polite" className="text-xs empty:hidden">
          {copyState === 'copied' ? labels.copied : copyState === 'failed' ? labels.copyFailed : null}
        </p>
      </div>

      <a
        href={link.whatsappHref}
        target="_blank"
        rel="noopener noreferrer"
        className={buttonVariants({ variant: 'outline', className: 'w-full xs:w-auto xs:justify-self-start' })}
        data-testid="guest-handoff-whatsapp"
      >
        <MessageCircle aria-hidden />
        {labels.whatsapp}
      </a>
    </div>
  );
}
