import 'server-only';
import { refresh, revalidateTag, updateTag } from 'next/cache';
import { purgeChangedPages } from '@/server/edge-cache/edge-purge';
import { unstable_rethrow } from 'next/navigation';
import { getLocale, getTranslations } from 'next-intl/server';
import { headers } from 'next/headers';
import { context, type Span, SpanKind } from '@opentelemetry/api';
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
import { countError } from '@/server/telemetry/metrics';
import { serverLog } from '@/server/telemetry/logger';
import { agentAttributes, ATTR, hostOf, inSpan, markFailed, staffAttributes, withRequestAttributes } from '@/server/telemetry/tracing';
import { carriesFiles, echoedValues, type FormShape, formInput } from './form-input';

// The one path every server action takes (STYLE.md §4), the twin of `runRoute`: authenticate →
// authorize → parse → run → revalidate → typed result. An action module exports what these
// factories return (`export const saveAction = runAction({ … })`), so no action can skip a step,
// and a lint test checks that every export of a `'use server'` module is made this way.
// Who may call is the only difference between the three: a signed-in agent with a permission
// (`runAction`), a staff member with a console section (`runOpsAction`), or anyone
// (`runPublicAction`). Failures come back as messages in the request's language (islands carry
// no translation runtime) with the status a route handler would answer (server/http/failure.ts,
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

/**
 * The result of a form that echoes what was typed (`form.echo`): the text fields as posted, and
 * after a refusal whether chosen files were dropped (a browser cannot refill a file input).
 */
export type EchoedResult<Data, Field extends string, Echo extends string> = (
  | { ok: true; data: Data }
  | (ActionFailure<Field> & { filesDropped: boolean })
) & { values: Partial<Record<Echo, string>> };

type Outcome<Data, Field extends string, Echo extends string> = [Echo] extends [never] ? ActionResult<Data, Field> : EchoedResult<Data, Field, Echo>;

/**
 * What a successful action changed for cached pages, done after `run` (its transaction has
 * committed), before the answer: the next request renders from the database.
 */
export type Revalidation = {
  /** Tags expired at once (`revalidateTag(tag, { expire: 0 })`): never served stale, whoever asks next. */
  expire?: readonly string[];
  /** Tags updated with read-your-own-writes for this caller too (`updateTag`). */
  update?: readonly string[];
  /** The caller's current page renders again (`refresh()`), e.g. a list after an edit. */
  refresh?: boolean;
};

type FieldOf<Schema extends z.ZodType> = Extract<keyof z.input<Schema>, string>;

/** The input the schema read: the form's fields (`formInput`), or the object the action was called with. */
export type RawInput = Readonly<Record<string, unknown>>;

/** A form action's arguments under `useActionState` (or a plain `<form action>`'s, with the state left out). */
type FormArgs = [previous: unknown, form: FormData];

type Definition<Context, Schema extends z.ZodType, Data, Args extends unknown[], Answer, Echo extends string> = {
  schema: Schema;
  /** What the schema reads from the call's arguments; by default the form of `(previousState, formData)`. */
  input?: (...args: Args) => unknown;
  /** How a posted form becomes input (`formInput`): its repeated fields, files and echoed text. */
  form?: FormShape<Echo>;
  /** Message key for input that fails validation; defaults to `errors.validation`. */
  invalidMessage?: string;
  /** Key field errors by their whole path (`offers.0.saleAdult`), for a form of nested fields. */
  nestedFieldErrors?: boolean;
  run: (input: z.output<Schema>, context: Context & { db: Database }) => Promise<Data>;
  /** The cached pages a success changes, expired by the wrapper once `run` has returned. */
  revalidate?: Revalidation | ((data: Data, input: z.output<Schema>) => Revalidation);
  /** What the caller gets (a form's state, or a redirect); by default the result itself. */
  answer?: (result: Outcome<Data, FieldOf<Schema>, Echo>, raw: RawInput) => Answer | Promise<Answer>;
};

type AgentCaller = { principal: Principal };
type StaffCaller = { staff: StaffPrincipal };
type PublicCaller = Record<never, never>;

/** For the agency portal's actions: a signed-in agent with the permission (`null`: every signed-in agent). */
export function runAction<
  Schema extends z.ZodType,
  Data,
  const Echo extends string = never,
  Args extends unknown[] = FormArgs,
  Answer = Outcome<Data, FieldOf<Schema>, Echo>,
>(definition: Definition<AgentCaller, Schema, Data, Args, Answer, Echo> & { permission: Permission | null }): (...args: Args) => Promise<Answer> {
  return action(definition, async () => ({ principal: await requirePermission(definition.permission) }));
}

/** For the operator console's actions (`/ops`): a staff member whose role has the section. */
export function runOpsAction<
  Schema extends z.ZodType,
  Data,
  const Echo extends string = never,
  Args extends unknown[] = FormArgs,
  Answer = Outcome<Data, FieldOf<Schema>, Echo>,
>(definition: Definition<StaffCaller, Schema, Data, Args, Answer, Echo> & { permission: OpsPermission }): (...args: Args) => Promise<Answer> {
  return action(definition, async () => ({ staff: await requireStaffPermission(definition.permission) }));
}

/**
 * For the few actions a visitor may call (spec §6 "Public calls": sign-up, forgot and reset
 * password; a guest's checkout; a link whose token is the credential).
 */
export function runPublicAction<
  Schema extends z.ZodType,
  Data,
  const Echo extends string = never,
  Args extends unknown[] = FormArgs,
  Answer = Outcome<Data, FieldOf<Schema>, Echo>,
>(definition: Definition<PublicCaller, Schema, Data, Args, Answer, Echo>): (...args: Args) => Promise<Answer> {
  return action(definition, async () => ({}));
}

function action<Context, Schema extends z.ZodType, Data, Args extends unknown[], Answer, Echo extends string>(
  definition: Definition<Context, Schema, Data, Args, Answer, Echo>,
  authenticate: () => Promise<Context>,
): (...args: Args) => Promise<Answer> {
  return async (...args: Args) => {
    const given = definition.input ? definition.input(...args) : args[1];
    const form = given instanceof FormData ? given : null;
    const raw: RawInput = form ? formInput(form, definition.form) : isRecord(given) ? given : {};
    const result = await execute(definition, form ? raw : given, authenticate);
    const echo = definition.form?.echo;
    const outcome = (
      echo
        ? { ...result, ...(result.ok ? {} : { filesDropped: carriesFiles(form, definition.form?.files ?? []) }), values: echoedValues(form, echo) }
        : result
    ) as Outcome<Data, FieldOf<Schema>, Echo>;
    return definition.answer ? definition.answer(outcome, raw) : (outcome as Answer);
  };
}

async function execute<Context, Schema extends z.ZodType, Data>(
  definition: Pick<Definition<Context, Schema, Data, never, never, never>, 'schema' | 'invalidMessage' | 'nestedFieldErrors' | 'run' | 'revalidate'>,
  rawInput: unknown,
  authenticate: () => Promise<Context>,
): Promise<ActionResult<Data, FieldOf<Schema>>> {
  // Every action is a span (docs/telemetry.md#server), named by the page it was posted from; its
  // queries, payments and jobs are its children and carry who called (agency, role, host).
  const requestHeaders = await headersOfRequest();
  const host = requestHeaders ? hostOf(requestHeaders) : undefined;
  const hostAttributes = host ? { [ATTR.host]: host } : {};
  const spanAttributes = { ...hostAttributes, ...(requestHeaders?.get('next-action') ? { 'next.action.id': requestHeaders.get('next-action') ?? '' } : {}) };
  return inSpan(actionSpanName(requestHeaders), { kind: SpanKind.INTERNAL, attributes: spanAttributes, parent: withRequestAttributes(hostAttributes) }, (span) =>
    executeInSpan(definition, rawInput, authenticate, span),
  );
}

async function executeInSpan<Context, Schema extends z.ZodType, Data>(
  definition: Pick<Definition<Context, Schema, Data, never, never, never>, 'schema' | 'invalidMessage' | 'nestedFieldErrors' | 'run' | 'revalidate'>,
  rawInput: unknown,
  authenticate: () => Promise<Context>,
  span: Span,
): Promise<ActionResult<Data, FieldOf<Schema>>> {
  type Field = FieldOf<Schema>;
  const [t, locale] = await Promise.all([getTranslations(), getLocale().then(toLocale)]);
  let caller: Context;
  try {
    // While the database is known to be down, every action would wait for it to fail.
    if (isDatabaseKnownDown()) throw new Maintenance();
    // Who calls is settled before the input is read: nobody else learns even what the action accepts.
    caller = await authenticate();
  } catch (error) {
    unstable_rethrow(error);
    return failed<Field>(t, locale, error, span);
  }
  const callerAttributes = attributesOfCaller(caller);
  span.setAttributes(callerAttributes);
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
    const db = await getDb();
    const data = await context.with(withRequestAttributes(callerAttributes), () => definition.run(parsed.data, { ...caller, db }));
    const revalidation = typeof definition.revalidate === 'function' ? definition.revalidate(data, parsed.data) : definition.revalidate;
    if (revalidation) revalidate(revalidation);
    return { ok: true, data };
  } catch (error) {
    // Next's own signals (redirect(), notFound()) are not failures.
    unstable_rethrow(error);
    return failed<Field>(t, locale, error, span);
  }
}

/** The request's headers; none when an action is called outside a request (tests, scripts). */
async function headersOfRequest(): Promise<Headers | null> {
  try {
    return (await headers()) as unknown as Headers;
  } catch {
    return null;
  }
}

/** `action /en/checkout/…`: the path of the page the action was posted from (no query string). */
function actionSpanName(requestHeaders: Headers | null): string {
  const referer = requestHeaders?.get('referer');
  if (!referer) return 'action';
  try {
    return `action ${new URL(referer).pathname}`;
  } catch {
    return 'action';
  }
}

/** The agency, role and id of an agent, or a staff member's role and id; nothing for a visitor. */
function attributesOfCaller(caller: unknown) {
  if (typeof caller !== 'object' || caller === null) return {};
  if ('principal' in caller) return agentAttributes((caller as AgentCaller).principal);
  if ('staff' in caller) return staffAttributes((caller as StaffCaller).staff);
  return {};
}

function revalidate({ expire = [], update = [], refresh: refreshPage = false }: Revalidation): void {
  for (const tag of new Set(expire)) revalidateTag(tag, { expire: 0 });
  for (const tag of new Set(update)) updateTag(tag);
  if (refreshPage) refresh();
  // The same pages in the shared caches in front (nginx, the CDN), after the answer.
  void purgeChangedPages([...expire, ...update]);
}

function isRecord(value: unknown): value is RawInput {
  return typeof value === 'object' && value !== null;
}

function failed<Field extends string>(t: Awaited<ReturnType<typeof getTranslations>>, locale: Locale, error: unknown, span: Span): ActionFailure<Field> {
  const failure = failureOf(error);
  span.setAttribute('traveldesk.outcome.status', failure.status);
  if (failure.status === 500) {
    // One JSON line with the trace id (docs/telemetry.md#server); the detail never reaches the caller.
    markFailed(span, error);
    countError('action');
    serverLog().error({ err: error }, 'action failed');
  }
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
