import 'server-only';
import { generate, generateSecret, generateURI, verify } from 'otplib';

// The staff's second factor: RFC 6238 TOTP (SHA-1, 6 digits, 30 s), as every authenticator app
// reads it, through otplib. One step either side is accepted for clock drift, and a code is
// good once: the caller stores the accepted step and passes it back as `afterStep`.

const PERIOD_SECONDS = 30;
const ISSUER = 'Traveldesk B2B';

export function newTotpSecret(): string {
  return generateSecret();
}

/** The `otpauth://` link an authenticator app takes (as a QR code or typed in). */
export function totpUri(secret: string, email: string): string {
  return generateURI({ issuer: ISSUER, label: email, secret });
}

export type TotpCheck = { ok: true; step: number } | { ok: false };

/** Whether `code` is the secret's code for now (± one step) and newer than `afterStep`. */
export async function checkTotp(secret: string, code: string, afterStep: number | null, now: Date = new Date()): Promise<TotpCheck> {
  if (!/^\d{6}$/.test(code)) return { ok: false };
  const epoch = Math.floor(now.getTime() / 1000);
  const result = await verify({
    secret,
    token: code,
    epoch,
    epochTolerance: PERIOD_SECONDS,
    ...(afterStep === null ? {} : { afterTimeStep: afterStep }),
  }).catch(() => ({ valid: false as const }));
  return result.valid && 'timeStep' in result ? { ok: true, step: result.timeStep } : { ok: false };
}

/** The current code: for tests, the demo operator's start-up line and `npm run ops:code`. */
export function currentTotp(secret: string, now: Date = new Date()): Promise<string> {
  return generate({ secret, epoch: Math.floor(now.getTime() / 1000) });
}
