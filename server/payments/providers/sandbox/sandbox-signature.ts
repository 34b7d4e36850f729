import 'server-only';
import { bodySignatureProblem, signBody } from '@/server/http/signed-body';
import { InvalidWebhook } from '../../gateway';

// The sandbox signs its webhooks as the card providers do (server/http/signed-body.ts).

export const SANDBOX_SIGNATURE_HEADER = 'sandbox-signature';

export const signSandboxPayload = signBody;

export function verifySandboxSignature(body: string, header: string | null, secret: string, now = Date.now()): void {
  const problem = bodySignatureProblem(body, header, secret, now);
  if (problem) throw new InvalidWebhook(problem);
}
