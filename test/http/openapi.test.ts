import { readFileSync } from 'node:fs';
import path from 'node:path';
import { Validator } from '@seriousme/openapi-schema-validator';
import { expect, it } from 'vitest';
import { HTTP_METHODS, servesMethod } from '@/lib/http/method-not-allowed';
import { isBodiless, JSON_MEDIA_TYPE, successMediaTypes, successStatuses } from '@/lib/http/response-check';
import { openApiPath, servedOperations } from '@/lib/openapi/describe-routes';
import { ROUTE_MODULES } from '@/app/v1/openapi.json/route-index';
// @ts-expect-error: a plain script without type declarations
import { INDEX_FILE, renderIndex } from '../../scripts/route-index.mjs';
import { api, describeHttp, dispatch, routes } from '../harness';

// GET /v1/openapi.json: the OpenAPI 3.1 description generated from the route declarations
// (lib/openapi/describe-routes.ts). Checked with an OpenAPI validator, and against the route files
// on disk both ways: every method a /v1 route file serves is described, and nothing else is.

type Document = { openapi: string; paths: Record<string, Record<string, Operation>>; components: Record<string, unknown> };
type Operation = {
  security: unknown[];
  parameters?: { name: string; in: string; required: boolean }[];
  requestBody?: { required: boolean };
  responses: Record<string, { content?: Record<string, { schema: Record<string, unknown> }> }>;
  'x-stigmem-permission': string;
};

const served = async () => {
  const res = await api.get('/v1/openapi.json', { key: null });
  expect(res.status).toBe(200);
  expect(res.headers.get('content-type')).toMatch(/application\/json/);
  return res.body as Document;
};

/** The /v1 route files on disk (Next's own routing, test/harness/dispatch.ts), with the methods each serves. */
async function routeFilesOnDisk(): Promise<Map<string, string[]>> {
  const onDisk = new Map<string, string[]>();
  for (const route of routes().filter((r) => r.pattern.startsWith('/v1/') && !r.pattern.startsWith('/v1/[...path]'))) {
    const module = (await import(/* @vite-ignore */ route.file)) as Record<string, unknown>;
    onDisk.set(openApiPath(route.pattern), HTTP_METHODS.filter((method) => servesMethod(module[method])));
  }
  return onDisk;
}

/** A schema that says nothing of the body: {} or an object without fields (what a route without `response` shows). */
const isOpenSchema = ({ description: _description, ...schema }: Record<string, unknown>) =>
  Object.keys(schema).length === 0 || (schema.type === 'object' && Object.keys(schema).length === 1);

const operationsOf = (doc: Document) => Object.entries(doc.paths).flatMap(([p, item]) => Object.keys(item).map((method) => `${method.toUpperCase()} ${p}`));

describeHttp('GET /v1/openapi.json', () => {
  it('is a valid OpenAPI 3.1 document, served without a key, whose references all resolve', async () => {
    const doc = await served();
    const validator = new Validator();
    const result = await validator.validate(doc);
    expect(result.errors ?? [], JSON.stringify(result.errors)).toEqual([]);
    expect(result.valid).toBe(true);
    expect(validator.version).toBe('3.1');
    expect(() => validator.resolveRefs()).not.toThrow();
    // The validator can fail: the same document without its paths' responses is refused.
    const broken = structuredClone(doc);
    delete (broken.paths['/v1/facts'].get as Partial<Operation>).responses;
    (broken as { openapi: unknown }).openapi = 3.1;
    expect((await new Validator().validate(broken)).valid).toBe(false);
  });

  it('describes exactly the methods every /v1 route file serves, each from an apiRoute declaration', async () => {
    const doc = await served();
    const onDisk = await routeFilesOnDisk();
    expect(onDisk.size).toBeGreaterThan(50);
    const expected = [...onDisk].flatMap(([p, methods]) => methods.map((method) => `${method} ${p}`));
    expect(operationsOf(doc).sort()).toEqual(expected.sort());
    // The new route reaches the document through the index, and only through an apiRoute handler.
    expect(servedOperations(ROUTE_MODULES).undeclared).toEqual([]);
    expect(doc.paths['/v1/openapi.json'].get.security).toEqual([]);
  });

  it('lists every route file in the committed route index (node scripts/route-index.mjs writes it)', () => {
    const current = readFileSync(INDEX_FILE as string, 'utf8');
    expect(current, `${path.relative(process.cwd(), INDEX_FILE as string)} is out of date: run node scripts/route-index.mjs`).toBe((renderIndex as () => string)());
  });

  it('names each route’s parameters, body, permission and errors from its declaration', async () => {
    const doc = await served();
    const facts = doc.paths['/v1/facts'];
    expect(facts.get['x-stigmem-permission']).toBe('read');
    expect(facts.get.parameters?.map((p) => p.name)).toEqual(expect.arrayContaining(['entity', 'scope', 'limit', 'as_of', 'include_expired']));
    expect(facts.get.requestBody).toBeUndefined();
    expect(Object.keys(facts.get.responses)).not.toContain('413');
    expect(facts.post['x-stigmem-permission']).toBe('write');
    expect(Object.keys(facts.post.responses)).toEqual(expect.arrayContaining(['400', '401', '403', '413', '422', '503']));
    // A path parameter: 404 for a record that does not exist or that the key cannot read.
    const conflict = doc.paths['/v1/conflicts/{id}/resolve'].post;
    expect(conflict.parameters).toContainEqual(expect.objectContaining({ name: 'id', in: 'path', required: true }));
    expect(Object.keys(conflict.responses)).toContain('404');
    // A body is required when the wrapper's empty body, {}, does not pass the route's schema.
    expect(doc.paths['/v1/recall'].post.requestBody?.required).toBe(true);
    expect(doc.paths['/v1/decay/sweep'].post.requestBody?.required).toBe(false);
    // A change can conflict with a record's state; a read sent as POST cannot.
    expect(Object.keys(doc.paths['/v1/conflicts/{id}/resolve'].post.responses)).toContain('409');
    expect(Object.keys(doc.paths['/v1/recall'].post.responses)).not.toContain('409');
    // A catch-all segment is one parameter holding the rest of the path.
    expect(doc.paths['/v1/cards/{entity}'].get.parameters).toContainEqual(expect.objectContaining({ name: 'entity', in: 'path' }));
    expect(doc.paths['/v1/auth/keys'].post['x-stigmem-permission']).toBe('admin');
    expect(doc.paths['/v1/me'].get['x-stigmem-permission']).toBe('authenticated');
    expect(doc.paths['/v1/conflicts/auto-resolve'].post['x-stigmem-permission']).toBe('by-input');
  });

  it('declares every operation\u2019s success answer: its statuses, its media types, and a real schema for a JSON body', async () => {
    const doc = await served();
    const problems: string[] = [];
    for (const { method, path: template, declaration } of servedOperations(ROUTE_MODULES).operations) {
      const label = `${method} ${template}`;
      const responses = doc.paths[template][method.toLowerCase()].responses;
      const statuses = successStatuses(declaration);
      expect(Object.keys(responses).filter((status) => status.startsWith('2')), label).toEqual(statuses.map(String));
      for (const status of statuses) {
        const content = responses[String(status)].content;
        if (isBodiless(status)) {
          expect(content, `${label} ${status} has no body`).toBeUndefined();
          continue;
        }
        // A non-JSON answer (a CSV download, Prometheus text) is declared as such in `produces`; a JSON one has its schema.
        expect(Object.keys(content ?? {}), label).toEqual([...successMediaTypes(declaration)]);
        const json = content?.[JSON_MEDIA_TYPE];
        if (json && (!declaration.response || isOpenSchema(json.schema))) problems.push(`${label} (${status})`);
      }
    }
    expect(problems, 'operations whose JSON success answer has no declared response schema').toEqual([]);
  });

  it('says who may call each operation as the node answers: no key is a 401 exactly where a key is required', async () => {
    const doc = await served();
    for (const [template, item] of Object.entries(doc.paths)) {
      const target = template.replace('{entity}', 'stigmem:/x/y').replace(/\{[^}]+\}/g, 'some-id');
      for (const [method, operation] of Object.entries(item)) {
        const res = await dispatch(method.toUpperCase(), target, method === 'get' ? {} : { headers: { 'content-type': 'application/json' }, body: '{}' });
        expect(res.status === 401, `${method.toUpperCase()} ${template} answered ${res.status}`).toBe(operation.security.length > 0);
        if (res.status >= 400) expect(Object.keys(operation.responses), `${method.toUpperCase()} ${template}`).toContain(String(res.status));
      }
    }
  });
});
