'use server';

import 'server-only';
import { redirect } from 'next/navigation';
import { getLocale } from 'next-intl/server';
import { localizedPath, toLocale } from '@/i18n/locales';
import { type RawInput, runPublicAction } from '@/server/actions/run-action';
import { completeSandboxChallenge, payWithSandboxCard, payWithSandboxWallet } from '@/server/payments/providers/sandbox/sandbox-charges';
import { sandboxCardSchema, sandboxDecisionSchema } from './sandbox-schema';

// The sandbox's hosted page is a provider's page, not the portal's: it needs no session (the
// charge id is the secret, as a real provider's checkout URL is). Each answer sends the browser
// back to the portal's return URL, or to the page again (a 3-D Secure challenge, or a refusal that
// changed nothing, named by its message key).

/** A plain `<form action>`: the form is the only argument. */
const fromForm = (form: FormData) => form;

/** The card form: a test card's outcome, or its 3-D Secure challenge. */
export const payWithSandboxCardAction = runPublicAction({
  schema: sandboxCardSchema,
  input: fromForm,
  run: (input, { db }) => payWithSandboxCard(db, input.chargeId, input.cardNumber),
  answer: async (result, form): Promise<void> => {
    if (!result.ok) return backToPage(form, result.code === 'errors.validation' ? 'sandboxPay.errors.cardNumber' : result.code);
    if (result.data.next === 'challenge') return backToPage(form, null);
    redirect(result.data.returnUrl);
  },
});

/** "Complete authentication" / "Fail authentication" of the 3-D Secure step. */
export const completeSandboxChallengeAction = runPublicAction({
  schema: sandboxDecisionSchema,
  input: fromForm,
  run: (input, { db }) => completeSandboxChallenge(db, input.chargeId, input.approve),
  answer: async (result, form): Promise<void> => {
    if (!result.ok) return backToPage(form, result.code);
    redirect(result.data.returnUrl);
  },
});

/** The crypto wallet's "Send payment" / "Cancel", and the SBP bank app's. */
export const payWithSandboxWalletAction = runPublicAction({
  schema: sandboxDecisionSchema,
  input: fromForm,
  run: (input, { db }) => payWithSandboxWallet(db, input.chargeId, input.approve),
  answer: async (result, form): Promise<void> => {
    if (!result.ok) return backToPage(form, result.code);
    redirect(result.data.returnUrl);
  },
});

async function backToPage(form: RawInput, error: string | null): Promise<never> {
  const chargeId = typeof form.chargeId === 'string' ? form.chargeId : '';
  const locale = toLocale(await getLocale());
  const query = error ? `?${new URLSearchParams({ error })}` : '';
  redirect(localizedPath(locale, `/pay/sandbox/${encodeURIComponent(chargeId)}${query}`));
}
