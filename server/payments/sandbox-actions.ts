'use server';

import 'server-only';
import { redirect } from 'next/navigation';
import { getLocale } from 'next-intl/server';
import { localizedPath, toLocale } from '@/i18n/locales';
import { runPublicAction } from '@/server/actions/run-action';
import { completeSandboxChallenge, payWithSandboxCard, payWithSandboxWallet } from '@/server/payments/providers/sandbox/sandbox-charges';
import { sandboxCardSchema, sandboxDecisionSchema } from './sandbox-schema';

// The sandbox's hosted page is a provider's page, not the portal's: it needs no session (the
// charge id is the secret, as a real provider's checkout URL is). Each answer sends the browser
// back to the portal's return URL, or to the page again (a 3-D Secure challenge, or a refusal that
// changed nothing, named by its message key).

/** The card form: a test card's outcome, or its 3-D Secure challenge. */
export async function payWithSandboxCardAction(formData: FormData): Promise<void> {
  const result = await runPublicAction(
    { schema: sandboxCardSchema, run: (input, { db }) => payWithSandboxCard(db, input.chargeId, input.cardNumber) },
    { chargeId: formData.get('chargeId'), cardNumber: formData.get('cardNumber') },
  );
  if (!result.ok) return backToPage(formData, result.code === 'errors.validation' ? 'sandboxPay.errors.cardNumber' : result.code);
  if (result.data.next === 'challenge') return backToPage(formData, null);
  redirect(result.data.returnUrl);
}

/** "Complete authentication" / "Fail authentication" of the 3-D Secure step. */
export async function completeSandboxChallengeAction(formData: FormData): Promise<void> {
  const result = await runPublicAction(
    { schema: sandboxDecisionSchema, run: (input, { db }) => completeSandboxChallenge(db, input.chargeId, input.approve) },
    { chargeId: formData.get('chargeId'), approve: formData.get('approve') },
  );
  if (!result.ok) return backToPage(formData, result.code);
  redirect(result.data.returnUrl);
}

/** The crypto wallet's "Send payment" / "Cancel", and the SBP bank app's. */
export async function payWithSandboxWalletAction(formData: FormData): Promise<void> {
  const result = await runPublicAction(
    { schema: sandboxDecisionSchema, run: (input, { db }) => payWithSandboxWallet(db, input.chargeId, input.approve) },
    { chargeId: formData.get('chargeId'), approve: formData.get('approve') },
  );
  if (!result.ok) return backToPage(formData, result.code);
  redirect(result.data.returnUrl);
}

async function backToPage(formData: FormData, error: string | null): Promise<never> {
  const chargeId = String(formData.get('chargeId') ?? '');
  const locale = toLocale(await getLocale());
  const query = error ? `?${new URLSearchParams({ error })}` : '';
  redirect(localizedPath(locale, `/pay/sandbox/${encodeURIComponent(chargeId)}${query}`));
}
