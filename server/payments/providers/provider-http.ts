import 'server-only';
import { createHmac, timingSafeEqual } from 'node:crypto';
import type { z } from 'zod';
import { ProviderUnavailable, type ProviderId } from '../gateway';

// What the hand-written adapters (Tap, Coinbase, YooKassa) share: one way to call a provider's JSON
// API and to tell "try again later" (network, 5xx, 429 → ProviderUnavailable) from "this request is
// wrong" (other 4xx → a plain Error; retrying it would fail the same way).

/** A provider answered 4xx: our request or our keys are wrong, so a retry does not help. */
export class ProviderRejected extends Error {
  constructor(
    provider: ProviderId,
    readonly status: number,
    readonly providerCode: string | null,
  ) {
    super(`${provider}: rejected with HTTP ${status}${providerCode ? ` (${providerCode})` : ''}`);
    this.name = 'ProviderRejected';
  }
}

type JsonRequest = {
  method: 'GET' | 'POST';
  headers: Record<string, string>;
  body?: unknown;
};

/** Calls a provider's JSON API and parses the answer with `schema`. */
export async function requestJson<T>(
  provider: ProviderId,
  url: string,
  request: JsonRequest,
  schema: z.ZodType<T>,
): Promise<T> {
  let response: Response;
  try {
    response = await fetch(url, {
      method: request.method,
      headers: {
        accept: 'application/json',
        ...(request.body === undefined ? {} : { 'content-type': 'application/json' }),
        ...request.headers,
      },
      body: request.body === undefined ? undefined : JSON.stringify(request.body),
      signal: AbortSignal.timeout(30_000),
    });
  } catch (error) {
    throw new ProviderUnavailable(provider, `unreachable (${error instanceof Error ? error.name : 'error'})`);
  }
  if (response.status >= 500 || response.status === 429) {
    throw new ProviderUnavailable(provider, `HTTP ${response.status}`);
  }
  const body: unknown = await response.json().catch(() => null);
  if (!response.ok) throw new ProviderRejected(provider, response.status, errorCode(body));
  const parsed = schema.safeParse(body);
  // A 2xx we cannot read is the provider's fault (or a changed API), not a reason to double-charge.
  if (!parsed.success) throw new ProviderUnavailable(provider, 'unreadable answer');
  return parsed.data;
}

/** The provider's own error code, when its error body has one (for logs; never shown to users). */
function errorCode(body: unknown): string | null {
  if (typeof body !== 'object' || body === null) return null;
  const record = body as Record<string, unknown>;
  const nested = Array.isArray(record.errors) ? (record.errors[0] as Record<string, unknown> | undefined) : undefined;
  const error = record.error as Record<string, unknown> | undefined;
  const code = record.code ?? nested?.code ?? error?.type ?? error?.code;
  return typeof code === 'string' || typeof code === 'number' ? String(code) : null;
}

export function hmacSha256Hex(key: string, message: string | Uint8Array): string {
  return createHmac('sha256', key).update(message).digest('hex');
}

/** Constant-time comparison of two hex digests (a length mismatch is simply "not equal"). */
export function hexDigestsEqual(expected: string, received: string | null): boolean {
  if (!received || received.length !== expected.length || !/^[0-9a-f]+$/i.test(received)) return false;
  const a = Buffer.from(expected.toLowerCase(), 'hex');
  const b = Buffer.from(received.toLowerCase(), 'hex');
  return a.length === b.length && timingSafeEqual(a, b);
}

/** The raw body as JSON, or null when it is not JSON at all. */
export function parseJsonBody(rawBody: Uint8Array): unknown {
  try {
    return JSON.parse(new TextDecoder('utf-8', { fatal: true }).decode(rawBody));
  } catch {
    return null;
  }
}
