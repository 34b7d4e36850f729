import 'server-only';
import { unstable_rethrow } from 'next/navigation';
import { getLocale, getTranslations } from 'next-intl/server';
import type { z } from 'zod';
import { requirePermission, type Principal } from '@/server/auth/principal';
import type { OpsPermission, Permission } from '@/shared/auth/permissions';
import { requireStaffPermission, type StaffPrincipal } from '@/server/staff/staff-principal';
import { getDb } from '@/server/db/database';
import type { Database } from '@/server/db/connection';
import { isDatabaseKnownDown } from '@/server/db/health-state';
import { localizeMessageValues } from '@/i18n/message-values';
import { type Locale, toLocale } from '@/i18n/locales';
import { Maintenance } from '@/server/errors';
import { failureOf, type FailureStatus } from '@/server/http/failure';

// The one path every server action takes (STYLE.md §4): parse → authenticate → authorize → run
// → typed result. Failures come back as messages in the request's language (islands carry no
// translation runtime) with the status a route handler would answer (server/http/failure.ts,
// shared with `runRoute`); the detail of an unexpected error is logged, never shown.

export type ActionFailure<Field extends string = string> = {
  ok: false;
  /** Spec §8's status: 422 bad input or a refused rule, 401, 403, 404, 409, 429, 503 (outage), 500. */
  status: FailureStatus;
  /** Message key, e.g. `availability.soldOut`. */
  code: string;
  /** The message for the whole form. */
  message: string;
  /** Messages per field, for fields the failure is about. */
  fieldErrors: Partial<Record<Field, string>>;
  /** With 429: when the client may try again. */
  retryAfterSeconds?: number;
};
export type ActionResult<Data, Field extends string = string> = { ok: true; data: Data } | ActionFailure<Field>;

type ActionDefinition<Schema extends z.ZodType, Data> = {
  schema: Schema;
  permission: Permission | null;
  /** Message key for a form that fails validation; defaults to `errors.validation`. */
  invalidMessage?: string;
  /** Key field errors by their whole path (`offers.0.saleAdult`), for a form of nested fields. */
  nestedFieldErrors?: boolean;
  run: (input: z.output<Schema>, context: { principal: Principal; db: Database }) => Promise<Data>;
};

type OpsActionDefinition<Schema extends z.ZodType, Data> = {
  schema: Schema;
  permission: OpsPermission;
  invalidMessage?: string;
  run: (input: z.output<Schema>, context: { staff: StaffPrincipal; db: Database }) => Promise<Data>;
};

type PublicActionDefinition<Schema extends z.ZodType, Data> = {
  schema: Schema;
  invalidMessage?: string;
  run: (input: z.output<Schema>, context: { db: Database }) => Promise<Data>;
};

export async function runAction<Schema extends z.ZodType, Data>(
  definition: ActionDefinition<Schema, Data>,
  rawInput: unknown,
): Promise<ActionResult<Data, Extract<keyof z.input<Schema>, string>>> {
  return execute(definition, rawInput, async (input, db) =>
    definition.run(input, { principal: await requirePermission(definition.permission), db }),
  );
}

/** For the operator console's actions (`/ops`): the staff member instead of an agent. */
export async function runOpsAction<Schema extends z.ZodType, Data>(
  definition: OpsActionDefinition<Schema, Data>,
  rawInput: unknown,
): Promise<ActionResult<Data, Extract<keyof z.input<Schema>, string>>> {
  // Staff are checked before the input is read: nobody else learns even what the action accepts.
  let staff: StaffPrincipal | undefined;
  return execute(definition, rawInput, (input, db) => definition.run(input, { staff: staff!, db }), async () => {
    staff = await requireStaffPermission(definition.permission);
  });
}

/** For the few actions a visitor may call (spec §6 "Public calls": sign-up, forgot and reset password). */
export async function runPublicAction<Schema extends z.ZodType, Data>(
  definition: PublicActionDefinition<Schema, Data>,
  rawInput: unknown,
): Promise<ActionResult<Data, Extract<keyof z.input<Schema>, string>>> {
  return execute(definition, rawInput, (input, db) => definition.run(input, { db }));
}

async function execute<Schema extends z.ZodType, Data>(
  definition: { schema: Schema; invalidMessage?: string; nestedFieldErrors?: boolean },
  rawInput: unknown,
  run: (input: z.output<Schema>, db: Database) => Promise<Data>,
  authorizeFirst?: () => Promise<void>,
): Promise<ActionResult<Data, Extract<keyof z.input<Schema>, string>>> {
  type Field = Extract<keyof z.input<Schema>, string>;
  const [t, locale] = await Promise.all([getTranslations(), getLocale().then(toLocale)]);
  const failed = (error: unknown) => failedResult<Field>(t, locale, error);
  if (authorizeFirst) {
    try {
      if (isDatabaseKnownDown()) throw new Maintenance();
      await authorizeFirst();
    } catch (error) {
      unstable_rethrow(error);
      return failed(error);
    }
  }
  const parsed = await definition.schema.safeParseAsync(rawInput);
  if (!parsed.success) {
    const fieldErrors: Partial<Record<Field, string>> = {};
    for (const issue of parsed.error.issues) {
      const field = (definition.nestedFieldErrors ? issue.path.join('.') : String(issue.path[0] ?? '')) as Field;
      fieldErrors[field] ??= t.has(issue.message as never) ? t(issue.message as never) : t('errors.validation');
    }
    const code = definition.invalidMessage ?? 'errors.validation';
    return { ok: false, status: 422, code, message: t(code as never), fieldErrors };
  }
  try {
    // While the database is known to be down, every action would wait for it to fail.
    if (isDatabaseKnownDown()) throw new Maintenance();
    return { ok: true, data: await run(parsed.data, await getDb()) };
  } catch (error) {
    // Next's own signals (redirect(), notFound()) are not failures.
    unstable_rethrow(error);
    return failed(error);
  }
}

function failedResult<Field extends string>(t: Awaited<ReturnType<typeof getTranslations>>, locale: Locale, error: unknown): ActionFailure<Field> {
  const failure = failureOf(error);
  if (failure.status === 500) console.error('[action] failed', error);
  const message = t(failure.code as never, (failure.values && localizeMessageValues(failure.values, locale)) as never);
  const fieldErrors = (
    failure.fields
      ? Object.fromEntries(Object.entries(failure.fields).map(([field, code]) => [field, t(code as never)]))
      : failure.field
        ? { [failure.field]: message }
        : {}
  ) as Partial<Record<Field, string>>;
  const retry = failure.retryAfterSeconds === undefined ? {} : { retryAfterSeconds: failure.retryAfterSeconds };
  return { ok: false, status: failure.status, code: failure.code, message, fieldErrors, ...retry };
}
