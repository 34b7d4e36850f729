'use client';

import { useRouter } from 'next/navigation';
import { useActionState, useEffect, useState } from 'react';
import { useRefreshAgentSession } from '@/components/auth/agent-session';
import { SubmitButton } from '@/components/forms/submit-button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import type { Locale } from '@/i18n/locales';
import { signInAction, type SignInState } from '@/server/auth/auth-actions';

type Labels = {
  email: string;
  password: string;
  submit: string;
  submitting: string;
};

export function SignInForm({ callbackUrl, locale, labels }: { callbackUrl: string; locale: Locale; labels: Labels }) {
  const [state, formAction, pending] = useActionState<SignInState, FormData>(signInAction, null);
  const [hydrated, setHydrated] = useState(false);
  const refreshSession = useRefreshAgentSession();
  const router = useRouter();

  // eslint-disable-next-line react-hooks/set-state-in-effect -- marks the form as enhanced once hydrated
  useEffect(() => setHydrated(true), []);

  useEffect(() => {
    if (!state?.ok) return;
    // Refresh the header's session before leaving, so it shows the agent's menu at once.
    // A failed check still leaves: the next page asks again.
    void refreshSession()
      .catch(() => null)
      .then(() => router.replace(state.redirectTo));
  }, [state, refreshSession, router]);

  // The server words a failure (a throttled one says how long to wait).
  const error = state && !state.ok ? state.message : null;
  const busy = pending || state?.ok === true;
  return (
    <form action={formAction} className="grid gap-4" noValidate>
      <input type="hidden" name="callbackUrl" value={callbackUrl} />
      {/* The action words its failures in the page's language (sign-in is outside the proxy). */}
      <input type="hidden" name="locale" value={locale} />
      {hydrated ? <input type="hidden" name="enhanced" value="1" /> : null}
      <div className="grid gap-2">
        <Label htmlFor="email">{labels.email}</Label>
        <Input
          id="email"
          name="email"
          type="email"
          autoComplete="username"
          required
          defaultValue={state && !state.ok ? state.email : ''}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? 'sign-in-error' : undefined}
        />
      </div>
      <div className="grid gap-2">
        <Label htmlFor="password">{labels.password}</Label>
        <Input
          id="password"
          name="password"
          type="password"
          autoComplete="current-password"
          required
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? 'sign-in-error' : undefined}
        />
      </div>
      <p id="sign-in-error" role="alert" aria-live="polite" className="min-h-5 text-sm text-destructive">
        {error}
      </p>
      <SubmitButton label={labels.submit} pendingLabel={labels.submitting} pending={busy} size="lg" />
    </form>
  );
}
