import 'server-only';
import { OpenAPIRegistry, OpenApiGeneratorV31, type ResponseConfig, type RouteConfig, type ZodMediaTypeObject } from '@asteasolutions/zod-to-openapi';
import { z } from 'zod';
import { type Permission, scopeOfPermission } from '@/shared/auth/permissions';
import { PUBLIC, type RouteHandler, type RouteShape } from './run-route';

// The OpenAPI 3.1 document of `/api/v1`, generated from the route handlers themselves: the very
// zod schemas `runRoute` parses the path, query and body with, the summary and success answer
// each route states (`doc`), and the error answers its definition implies (spec §8). Nothing is
// written twice, so the document cannot drift from what the handlers do
// (tests/api/openapi-document.test.ts checks it both ways).

export const HTTP_METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'] as const;
export type HttpMethod = (typeof HTTP_METHODS)[number];

/** A route module of app/api/v1 and its path in the document (`/b2b/bookings/{id}`). */
export type ApiRoute = { path: string; module: Partial<Record<HttpMethod | string, unknown>> };

/** The API's version, in the document and its URL. */
export const API_VERSION = '1.0.0';
export const API_BASE_PATH = '/api/v1';

/** The session cookie that authenticates the portal's own calls. */
export const SESSION_SCHEME = 'session';
/** An agency's API key or a session's access token, as `Authorization: Bearer …` (docs/api-access.md). */
export const BEARER_SCHEME = 'bearer';

const errorMessage = z.object({ message: z.string() }).meta({ id: 'ErrorMessage', description: 'Spec §8: the message to show.' });
const errorItems = z
  .array(z.object({ fieldName: z.string(), errorMessage: z.string() }))
  .meta({ id: 'ErrorItems', description: 'Spec §3 "error item": the fields that did not parse, each with its message.' });

/** Spec §8's error answers, by status. */
const ERROR_RESPONSES = {
  401: 'Not signed in (spec §8: sign out and go home).',
  403: 'Signed in, but the role may not do this; or a mutation from another site.',
  404: 'Not found, or not the caller’s to see (another agency’s).',
  413: 'The body is over the route’s limit.',
  415: 'The body is not of a content type the route takes.',
  422: 'The input did not parse: `[{ fieldName, errorMessage }]`.',
  503: 'Server is under maintenance (spec §8): the database is unavailable.',
} as const;
export type ErrorStatus = keyof typeof ERROR_RESPONSES;

/** A schema written as JSON Schema rather than zod. */
type SchemaObject = Exclude<NonNullable<ZodMediaTypeObject['schema']>, z.ZodType>;

/** The route handlers of a module, by method, that runRoute made (and so describe themselves). */
export function handlersOf(route: ApiRoute): [HttpMethod, RouteShape][] {
  return HTTP_METHODS.flatMap((method): [HttpMethod, RouteShape][] => {
    const handler = route.module[method] as RouteHandler | undefined;
    if (typeof handler !== 'function') return [];
    if (!handler.route) throw new Error(`${method} ${route.path} is not made by runRoute`);
    return [[method, handler.route]];
  });
}

/**
 * The error statuses a route can answer, from its definition alone: 401 unless public, 403 unless
 * public (a role or an API key without the right) or for a mutation (refused from another site), 404 with a path or a
 * lookup, 413/415/422 with a body, 422 with a query, and 503 for every route (spec §8).
 */
export function errorStatuses(method: HttpMethod, route: RouteShape): ErrorStatus[] {
  const statuses: ErrorStatus[] = [];
  const isPublic = route.permission === PUBLIC;
  if (!isPublic) statuses.push(401);
  // A role without the permission, a request from another site, or an API key without the route's scope.
  if (!isPublic || method !== 'GET') statuses.push(403);
  if (route.params || route.doc?.notFound) statuses.push(404);
  if (route.body) statuses.push(413, 415);
  if (route.body || route.query) statuses.push(422);
  statuses.push(503);
  return statuses;
}

/** The scope an API key needs for the route (runRoute's rule): its own, else the one holding its permission; none: keys are refused. */
function keyScopes(route: RouteShape): string[] {
  if (route.apiScope) return [route.apiScope];
  if (route.permission === null || route.permission === PUBLIC) return [];
  const scope = scopeOfPermission(route.permission as Permission);
  return scope ? [scope] : [];
}

/** runRoute keeps the answer of a mutation with an `Idempotency-Key` (a raw body has idempotency of its own). */
function takesIdempotencyKey(method: HttpMethod, route: RouteShape): boolean {
  return method !== 'GET' && route.body?.kind !== 'raw';
}

const IDEMPOTENCY_HEADER = z.object({
  'idempotency-key': z
    .string()
    .optional()
    .meta({ description: 'Within 24 hours the same key with the same request answers the first answer again, byte for byte (`Idempotent-Replayed: true`); with another request, 422.' }),
});

/** The success status a route answers. */
export function successStatus(route: RouteShape): 200 | 201 | 204 {
  return route.doc?.status ?? 200;
}

function bodyContent(route: RouteShape): NonNullable<RouteConfig['request']>['body'] | undefined {
  const body = route.body;
  if (!body) return undefined;
  if (body.kind === 'json') return { required: true, content: { 'application/json': { schema: body.schema } } };
  if (body.kind === 'raw') return { required: true, content: { 'application/octet-stream': { schema: { type: 'string', format: 'binary' } } } };
  const schema = formSchema(body.schema);
  return {
    required: true,
    content: body.kind === 'form' ? { 'multipart/form-data': { schema }, 'application/x-www-form-urlencoded': { schema } } : { 'multipart/form-data': { schema } },
  };
}

/**
 * A form's fields, files among them (which zod checks as `File` instances, a type JSON Schema does
 * not have: a binary string here). A route that takes the FormData itself (PUT /b2b/agency) states
 * its fields in its description.
 */
function formSchema(schema: z.ZodType): SchemaObject {
  if (!(schema instanceof z.ZodObject)) return { type: 'object', additionalProperties: true };
  const { $schema: _dialect, ...jsonSchema } = z.toJSONSchema(schema, {
    io: 'input',
    unrepresentable: 'any',
    override: ({ zodSchema, jsonSchema: field }) => {
      if (zodSchema._zod.def.type === 'custom') Object.assign(field, { type: 'string', format: 'binary' });
    },
  });
  return jsonSchema as SchemaObject;
}

function successResponse(route: RouteShape): ResponseConfig {
  const status = successStatus(route);
  const response = route.doc?.response;
  if (status === 204 || (!response && status !== 200 && status !== 201)) return { description: 'Done; no content.' };
  if (!response) return { description: 'OK', content: { 'application/json': { schema: { type: 'object', additionalProperties: true } } } };
  if (response instanceof z.ZodType) return { description: 'OK', content: { 'application/json': { schema: response } } };
  return { description: 'The file.', content: { [response.mediaType]: { schema: { type: 'string', format: 'binary' } } } };
}

function errorResponse(status: ErrorStatus): ResponseConfig {
  return { description: ERROR_RESPONSES[status], content: { 'application/json': { schema: status === 422 ? errorItems : errorMessage } } };
}

function operationId(method: HttpMethod, path: string): string {
  const words = path.split('/').filter(Boolean).map((word) => word.replace(/[{}]/g, '').replace(/^./, (first) => first.toUpperCase()));
  return method.toLowerCase() + words.join('');
}

function asObject(schema: z.ZodType | undefined): z.ZodObject | undefined {
  if (!schema) return undefined;
  if (!(schema instanceof z.ZodObject)) throw new Error('A route’s path and query schemas must be zod objects to be documented');
  return schema;
}

/** The OpenAPI 3.1 document of the routes, generated from their own definitions. */
export function openApiDocument(routes: readonly ApiRoute[], options: { serverUrl?: string } = {}) {
  const registry = new OpenAPIRegistry();
  registry.registerComponent('securitySchemes', SESSION_SCHEME, {
    type: 'apiKey',
    in: 'cookie',
    name: 'authjs.session-token',
    description: 'The portal’s session cookie (signing in on the portal sets it).',
  });
  registry.registerComponent('securitySchemes', BEARER_SCHEME, {
    type: 'http',
    scheme: 'bearer',
    description:
      'An agency’s API key (`td_live_…`, `td_test_…`), made by its admin on /my-agencies, or the access token of a signed-in session (`td_at_…`). A key calls a route only with the scope the route lists here; a route listing none takes the access token only.',
  });
  for (const route of routes) {
    for (const [method, shape] of handlersOf(route)) {
      const doc = shape.doc;
      if (!doc) throw new Error(`${method} ${route.path} has no API reference entry (doc)`);
      const body = bodyContent(shape);
      const responses: Record<number, ResponseConfig> = { [successStatus(shape)]: successResponse(shape) };
      for (const status of errorStatuses(method, shape)) responses[status] = errorResponse(status);
      registry.registerPath({
        method: method.toLowerCase() as RouteConfig['method'],
        path: route.path,
        operationId: operationId(method, route.path),
        summary: doc.summary,
        ...(doc.description ? { description: doc.description } : {}),
        tags: [doc.tag],
        security: shape.permission === PUBLIC ? [] : [{ [SESSION_SCHEME]: [] }, { [BEARER_SCHEME]: keyScopes(shape) }],
        request: {
          ...(shape.params ? { params: asObject(shape.params) } : {}),
          ...(shape.query ? { query: asObject(shape.query) } : {}),
          ...(body ? { body } : {}),
          ...(takesIdempotencyKey(method, shape) ? { headers: IDEMPOTENCY_HEADER } : {}),
        },
        responses,
      });
    }
  }
  return new OpenApiGeneratorV31(registry.definitions).generateDocument({
    openapi: '3.1.0',
    info: {
      title: 'Traveldesk B2B API',
      version: API_VERSION,
      description:
        'The calls of the portal (spec §7), for agencies’ own systems. Dates are `yyyy-MM-dd`; amounts are minor units (fils, cents) unless a call says otherwise; lists page with `page` and `onPage`. `?language=ru` answers messages in Russian.',
    },
    servers: [{ url: options.serverUrl ?? API_BASE_PATH }],
  });
}
