import 'server-only';
import type { z } from 'zod';
import { Forbidden } from '@/server/errors';
import { bodySignatureProblem, signBody } from './signed-body';

// Next expires its cached pages and data only inside a request (revalidateTag needs one), and a
// background job runs in none. A job that changes what cached pages show (a widget domain failing
// its DNS re-check, a supplier's product withdrawn by the re-sync) therefore asks the portal's own
// server to expire them, by a request signed with a secret derived from AUTH_SECRET, one per
// purpose so a body signed for one route is refused by another.

export const OWN_SERVER_SIGNATURE_HEADER = 'traveldesk-signature';

export function ownServerSecret(purpose: string, env: NodeJS.ProcessEnv = process.env): string {
  return `${purpose}:${env.AUTH_SECRET ?? 'traveldesk-development'}`;
}

/** This process's own server: `next start` sets PORT to the port it listens on. */
function ownServer(env: NodeJS.ProcessEnv = process.env): string {
  return `http://127.0.0.1:${env.PORT ?? '3000'}`;
}

export type OwnServerRequest = { path: string; secret: string; origin?: string; batch: number; what: string };

/** From a job: posts `items` as `{ [key]: items }` to this process's server, signed, `batch` at a time. Throws when the server did not take them. */
export async function postToOwnServer(key: string, items: readonly unknown[], { path, secret, origin = ownServer(), batch, what }: OwnServerRequest): Promise<void> {
  for (let start = 0; start < items.length; start += batch) {
    const body = JSON.stringify({ [key]: items.slice(start, start + batch) });
    const response = await fetch(new URL(path, origin), {
      method: 'POST',
      headers: { 'content-type': 'application/json', [OWN_SERVER_SIGNATURE_HEADER]: signBody(body, secret) },
      body,
      signal: AbortSignal.timeout(10_000),
    });
    if (!response.ok) throw new Error(`${what} answered ${response.status}`);
  }
}

/** The server's side: a body this portal signed, read with `schema`; any other changes nothing (Forbidden). */
export function readSignedBody<Schema extends z.ZodType>(body: string, signature: string | null, secret: string, schema: Schema): z.infer<Schema> {
  if (bodySignatureProblem(body, signature, secret) !== null) throw new Forbidden();
  let value: unknown;
  try {
    value = JSON.parse(body);
  } catch {
    value = null;
  }
  return schema.parse(value);
}
