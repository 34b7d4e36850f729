import 'server-only';
import { getTranslations } from 'next-intl/server';
import type { z } from 'zod';
import type { Locale } from '@/i18n/locales';
import { DomainError, Forbidden, NotFound, RuleViolation, Unauthorized } from '@/server/errors';

// Route handlers answer errors the way spec §8 expects them: 401, 403, 404, and 422 with
// `[{ fieldName, errorMessage }]` for bad input and refused business rules.

export const PRIVATE_HEADERS = { 'cache-control': 'private, no-store' };

export type ErrorItem = { fieldName: string; errorMessage: string };

export async function validationResponse(error: z.ZodError, locale: Locale): Promise<Response> {
  const t = await getTranslations({ locale });
  const items: ErrorItem[] = error.issues.map((issue) => ({
    fieldName: issue.path.join('.'),
    errorMessage: t.has(issue.message as never) ? t(issue.message as never) : issue.message,
  }));
  return Response.json(items, { status: 422, headers: PRIVATE_HEADERS });
}

/** The response for a typed domain error; anything else is rethrown for Next to log and answer 500. */
export async function domainErrorResponse(error: unknown, locale: Locale): Promise<Response> {
  if (error instanceof Unauthorized) return Response.json({ message: 'Unauthorized' }, { status: 401, headers: PRIVATE_HEADERS });
  if (error instanceof Forbidden) return Response.json({ message: 'Forbidden' }, { status: 403, headers: PRIVATE_HEADERS });
  if (error instanceof NotFound) return Response.json({ message: 'Not found' }, { status: 404, headers: PRIVATE_HEADERS });
  if (error instanceof RuleViolation) {
    const t = await getTranslations({ locale });
    const item: ErrorItem = { fieldName: error.field ?? '', errorMessage: t(error.code as never, error.values as never) };
    return Response.json([item], { status: 422, headers: PRIVATE_HEADERS });
  }
  if (error instanceof DomainError) return Response.json({ message: error.code }, { status: 400, headers: PRIVATE_HEADERS });
  throw error;
}
