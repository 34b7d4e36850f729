import 'server-only';
import { z } from 'zod';

// The items the browser SDK (Application Insights JavaScript) posts to `/api/telemetry`: each an
// envelope `{ name, time, iKey, tags, data: { baseType, baseData } }` (docs/telemetry.md#collector).
//
// Spec §9's limits are the SDK's own: a message up to 32,768 characters, a name up to 150, a URL up
// to 2,048. An item over them did not come from the SDK unchanged; it is kept, cut to the limit
// (a long message is still worth reading). What cannot be read as an item of a known kind is
// dropped and named in the answer. Strings the database cannot hold (a NUL character, half of a
// surrogate pair) are cleaned before they get here (server/telemetry/telemetry-batch.ts).

export const MESSAGE_MAX = 32_768;
export const NAME_MAX = 150;
export const URL_MAX = 2_048;
/** A property's value (the SDK's own cap on a custom property) and a stack trace. */
export const PROPERTY_VALUE_MAX = 8_192;
export const STACK_MAX = 32_768;
/** Properties kept per item; past them the rest are dropped (a real item has a handful). */
export const PROPERTIES_MAX = 100;
/** Session and anonymous user ids (the SDK's are 22 characters) and the signed-in user (an e-mail). */
export const ID_MAX = 128;
export const AUTH_USER_MAX = 320;
/** A locale tag (`en`, `ru`, `en-US`). */
export const LOCALE_MAX = 35;

const cut = (max: number) => (value: string) => (value.length > max ? value.slice(0, max) : value);
const text = (max: number) => z.string().transform(cut(max));

/**
 * A duration as the SDK writes it: a .NET TimeSpan string (`d.hh:mm:ss.fff` or `hh:mm:ss.fff`), or
 * milliseconds as a number. In milliseconds; what is neither does not parse.
 */
export const durationMs = z.union([z.number().finite().nonnegative(), z.string()]).transform((value, context) => {
  if (typeof value === 'number') return value;
  const match = /^(?:(\d+)\.)?(\d{1,2}):(\d{2}):(\d{2}(?:\.\d+)?)$/.exec(value.trim());
  if (!match) {
    context.addIssue({ code: 'custom', message: 'not a duration' });
    return z.NEVER;
  }
  const [, days = '0', hours, minutes, seconds] = match;
  return ((Number(days) * 24 + Number(hours)) * 60 + Number(minutes)) * 60_000 + Number(seconds) * 1000;
});

/**
 * Custom properties as a flat record: strings cut to PROPERTY_VALUE_MAX, numbers and booleans
 * kept, anything nested written out as JSON and cut alike (the database then stores no deep
 * nesting a client chose), keys over NAME_MAX and properties past PROPERTIES_MAX dropped.
 */
export const properties = z.record(z.string(), z.unknown()).transform((record) => {
  const flat: Record<string, string | number | boolean | null> = {};
  let kept = 0;
  for (const [key, value] of Object.entries(record)) {
    if (key.length > NAME_MAX || kept >= PROPERTIES_MAX) continue;
    kept += 1;
    if (value === null || typeof value === 'boolean' || (typeof value === 'number' && Number.isFinite(value))) flat[key] = value;
    else if (typeof value === 'string') flat[key] = cut(PROPERTY_VALUE_MAX)(value);
    else if (value !== undefined) flat[key] = cut(PROPERTY_VALUE_MAX)(JSON.stringify(value) ?? '');
  }
  return flat;
});

const measurements = z.record(z.string().max(NAME_MAX), z.number().finite());

const withProperties = { properties: properties.optional(), measurements: measurements.optional() };

/** 0 verbose, 1 information, 2 warning, 3 error, 4 critical (the SDK's SeverityLevel). */
const severityLevel = z.number().int().min(0).max(4);

const pageview = z.object({ name: text(NAME_MAX).optional(), url: text(URL_MAX).optional(), duration: durationMs.optional(), refUri: text(URL_MAX).optional(), ...withProperties });

const pageviewPerformance = z.object({
  name: text(NAME_MAX).optional(),
  url: text(URL_MAX).optional(),
  perfTotal: durationMs,
  networkConnect: durationMs.optional(),
  sentRequest: durationMs.optional(),
  receivedResponse: durationMs.optional(),
  domProcessing: durationMs.optional(),
  ...withProperties,
});

const event = z.object({ name: text(NAME_MAX).pipe(z.string().min(1)), ...withProperties });

const exception = z.object({
  exceptions: z
    .array(
      z.object({
        typeName: text(NAME_MAX).optional(),
        message: text(MESSAGE_MAX).optional(),
        stack: text(STACK_MAX).optional(),
        hasFullStack: z.boolean().optional(),
      }),
    )
    .min(1),
  severityLevel: severityLevel.optional(),
  ...withProperties,
});

const metric = z.object({
  metrics: z.array(z.object({ name: text(NAME_MAX).pipe(z.string().min(1)), value: z.number().finite(), count: z.number().optional() })).min(1),
  ...withProperties,
});

const dependency = z.object({
  name: text(NAME_MAX).optional(),
  duration: durationMs.optional(),
  resultCode: z.union([z.string(), z.number()]).optional(),
  success: z.boolean().optional(),
  target: text(URL_MAX).optional(),
  type: text(NAME_MAX).optional(),
  data: text(URL_MAX).optional(),
  ...withProperties,
});

const message = z.object({ message: text(MESSAGE_MAX).pipe(z.string().min(1)), severityLevel: severityLevel.optional(), ...withProperties });

const dataOf = <Type extends string, Schema extends z.ZodType>(baseType: Type, baseData: Schema) => z.object({ baseType: z.literal(baseType), baseData });

/** The kinds the collector stores, by the SDK's base type. */
export const envelopeDataSchema = z.discriminatedUnion('baseType', [
  dataOf('PageviewData', pageview),
  dataOf('PageviewPerformanceData', pageviewPerformance),
  dataOf('EventData', event),
  dataOf('ExceptionData', exception),
  dataOf('MetricData', metric),
  dataOf('RemoteDependencyData', dependency),
  dataOf('MessageData', message),
]);

/** The SDK's context tags the collector reads; the others are ignored. */
const tags = z
  .object({
    'ai.session.id': text(ID_MAX).optional(),
    'ai.user.id': text(ID_MAX).optional(),
    'ai.user.authUserId': text(AUTH_USER_MAX).optional(),
    /** The page's path, on every item the SDK sends. */
    'ai.operation.name': text(URL_MAX).optional(),
  })
  .optional();

export const envelopeSchema = z.object({
  time: z.iso.datetime({ offset: true }),
  tags,
  data: envelopeDataSchema,
});

export type Envelope = z.output<typeof envelopeSchema>;
export type EnvelopeData = z.output<typeof envelopeDataSchema>;
export type BaseType = EnvelopeData['baseType'];
