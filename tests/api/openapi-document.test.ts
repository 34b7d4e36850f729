import fs from 'node:fs';
import path from 'node:path';
import SwaggerParser from '@apidevtools/swagger-parser';
import { z } from 'zod';
import { API_ROUTES } from '@/app/api/v1/routes';
import { GET as getDocument } from '@/app/api/v1/openapi.json/route';
import { handlersOf, HTTP_METHODS, openApiDocument } from '@/server/http/openapi';
import type { DatabaseConnection } from '@/server/db/connection';
import { apiRequest, serveRoutesFrom } from '../support/route-requests';

// The OpenAPI document of `/api/v1` against the routes it is generated from, both ways: every
// route folder is in the list and every handler in the document; the document names no path,
// method or parameter the handlers do not take. (tests/api/v1-routes.test.ts holds it to the
// statuses each route answers.) And an independent validator from npm accepts it.

const V1 = path.resolve(__dirname, '../../app/api/v1');
/** The document's own route, which describes the others. */
const NOT_DOCUMENTED = new Set(['/openapi.json']);

type Operation = { parameters?: { in: string; name: string; required?: boolean }[]; requestBody?: unknown; responses: Record<string, unknown> };
type Document = { openapi: string; paths: Record<string, Record<string, Operation>> };

/** Every `route.ts` under app/api/v1 as its document path: `b2b/bookings/[id]` → `/b2b/bookings/{id}`. */
function routeFolders(): string[] {
  return fs
    .readdirSync(V1, { recursive: true, encoding: 'utf8' })
    .filter((file) => path.basename(file) === 'route.ts')
    .map((file) => `/${path.dirname(file).split(path.sep).join('/')}`.replace(/\[(\w+)\]/g, '{$1}'))
    .filter((route) => !NOT_DOCUMENTED.has(route))
    .sort();
}

const document = openApiDocument(API_ROUTES) as unknown as Document;

// The document's route reads no table, but runRoute hands every route a connection: a bare one.
beforeAll(() => serveRoutesFrom({ db: {} } as DatabaseConnection));

describe('the OpenAPI document of /api/v1', () => {
  it('lists every route folder, and no route that has none', () => {
    expect(API_ROUTES.map((route) => route.path).sort()).toEqual(routeFolders());
  });

  it('has every handler of every route, and no operation without one', () => {
    const handlers = API_ROUTES.flatMap((route) => handlersOf(route).map(([method]) => `${method} ${route.path}`)).sort();
    const operations = Object.entries(document.paths)
      .flatMap(([route, methods]) => Object.keys(methods).map((method) => `${method.toUpperCase()} ${route}`))
      .sort();
    expect(operations).toEqual(handlers);
    // A module exporting a method runRoute did not make would not describe itself.
    for (const route of API_ROUTES) {
      for (const name of Object.keys(route.module)) {
        if ((HTTP_METHODS as readonly string[]).includes(name)) expect(handlersOf(route).map(([method]) => method)).toContain(name);
      }
    }
  });

  it('names exactly the path and query parameters each handler parses', () => {
    for (const route of API_ROUTES) {
      for (const [method, shape] of handlersOf(route)) {
        const parameters = document.paths[route.path]![method.toLowerCase()]!.parameters ?? [];
        const named = (place: string) => parameters.filter((parameter) => parameter.in === place).map((parameter) => parameter.name).sort();
        const keys = (schema: z.ZodType | undefined) => (schema instanceof z.ZodObject ? Object.keys(schema.shape).sort() : []);
        expect(named('path'), `${method} ${route.path} path`).toEqual([...route.path.matchAll(/\{(\w+)\}/g)].map((match) => match[1]).sort());
        expect(named('path'), `${method} ${route.path} path schema`).toEqual(keys(shape.params));
        expect(named('query'), `${method} ${route.path} query`).toEqual(keys(shape.query));
        expect(Boolean(document.paths[route.path]![method.toLowerCase()]!.requestBody), `${method} ${route.path} body`).toBe(Boolean(shape.body));
      }
    }
  });

  it('is what /api/v1/openapi.json serves, OpenAPI 3.1', async () => {
    const response = await getDocument(apiRequest('/api/v1/openapi.json'));
    expect(response.status).toBe(200);
    const served = (await response.json()) as Document;
    expect(served).toEqual(JSON.parse(JSON.stringify(document)));
    expect(served.openapi).toBe('3.1.0');
  });

  it('passes an independent validator (@apidevtools/swagger-parser)', async () => {
    // validate() dereferences in place: give it a copy.
    await expect(SwaggerParser.validate(JSON.parse(JSON.stringify(document)))).resolves.toBeTruthy();
  });
});
