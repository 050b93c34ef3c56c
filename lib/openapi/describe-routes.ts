import { z } from 'zod';
import { routeDeclaration, type RouteDeclaration } from '../http/api-route';
import { isBodiless, JSON_MEDIA_TYPE, successMediaTypes, successStatuses } from '../http/response-check';
import { HTTP_METHODS, type HttpMethod, servesMethod } from '../http/method-not-allowed';
import { NODE_VERSION } from '../node/node-info';
import { ERROR_RESPONSES, errorStatuses, maxBodyBytes } from './error-responses';
import { type JsonSchema, toOpenApiSchema } from './json-schema';
import { describeAccess, SECURITY_SCHEMES } from './route-access';

// The OpenAPI 3.1 description of /v1, generated from the route declarations (lib/http/api-route.ts
// keeps each one on the handler it returns): paths and methods from the route files, parameters
// and request bodies from their zod schemas, who may call each from its permission and scope, and
// the error statuses the wrapper can answer for it. Nothing here is written per route: a new route
// file appears once scripts/route-index.mjs has listed it (docs/api.md § API description).

/** One route file, as app/v1/openapi.json/route-index.ts lists it. */
export interface RouteModuleEntry {
  /** The file, from the repository root: app/v1/facts/[id]/route.ts. */
  file: string;
  /** Its folder below app/, in Next's notation: /v1/facts/[id]. */
  folder: string;
  module: Record<string, unknown>;
}

export interface Operation {
  method: HttpMethod;
  path: string;
  declaration: RouteDeclaration;
}

/** A Next folder path as an OpenAPI path template: [id] and [...entity] become {id} and {entity}. */
export function openApiPath(folder: string): string {
  return folder.replace(/\[(?:\.\.\.)?([^\]]+)\]/g, '{$1}');
}

/** Every method each route file serves (its other exports are lib/http/method-not-allowed.ts's 405s). */
export function servedOperations(entries: readonly RouteModuleEntry[]): { operations: Operation[]; undeclared: string[] } {
  const operations: Operation[] = [];
  const undeclared: string[] = [];
  for (const entry of entries) {
    for (const method of HTTP_METHODS) {
      const handler = entry.module[method];
      if (!servesMethod(handler)) continue;
      const declaration = routeDeclaration(handler);
      if (declaration) operations.push({ method, path: openApiPath(entry.folder), declaration });
      else undeclared.push(`${method} ${entry.folder}`);
    }
  }
  return { operations, undeclared };
}

/** The path's parameters: one segment each, except a catch-all ([...entity]), which takes the rest of the path. */
function pathParameters(folder: string): JsonSchema[] {
  return [...folder.matchAll(/\[(\.\.\.)?([^\]]+)\]/g)].map(([, rest, name]) => ({
    name,
    in: 'path',
    required: true,
    schema: { type: 'string' },
    description: rest ? 'The rest of the path: may hold slashes, raw or percent-encoded.' : 'Percent-encode reserved characters (conflict ids hold colons).',
  }));
}

function queryParameters(declaration: RouteDeclaration, components: Record<string, JsonSchema>, prefix: string): JsonSchema[] {
  if (!declaration.query) return [];
  const schema = toOpenApiSchema(declaration.query, 'input', components, prefix);
  const properties = (schema.properties ?? {}) as Record<string, JsonSchema>;
  const required = new Set((schema.required ?? []) as string[]);
  return Object.entries(properties).map(([name, property]) => {
    const { description, ...rest } = property;
    return { name, in: 'query', required: required.has(name), schema: rest, ...(typeof description === 'string' ? { description } : {}) };
  });
}

function requestBody(declaration: RouteDeclaration, components: Record<string, JsonSchema>, prefix: string): JsonSchema | undefined {
  const body = declaration.body;
  if (!body) return undefined;
  // A parser function (the fact body, with statuses of its own) has no schema to show.
  const schema =
    body instanceof z.ZodType
      ? toOpenApiSchema(body, 'input', components, prefix)
      : { type: 'object', description: 'Checked by the route\u2019s own parser; its fields and statuses are in docs/api.md.' };
  // The wrapper reads an empty body as {}: the body is optional exactly when {} passes the schema.
  const required = !(body instanceof z.ZodType) || !body.safeParse({}).success;
  return { required, content: { 'application/json': { schema } }, 'x-stigmem-max-bytes': maxBodyBytes(declaration) };
}

/** The success answers: each declared status with the route's media types, JSON shown by its `response` schema. */
function successResponse(declaration: RouteDeclaration, components: Record<string, JsonSchema>, prefix: string): Record<string, JsonSchema> {
  const json = declaration.response
    ? toOpenApiSchema(declaration.response, 'output', components, `${prefix}_response`)
    : { type: 'object', description: 'The route\u2019s JSON answer: its fields are in docs/api.md.' };
  const content = Object.fromEntries(
    successMediaTypes(declaration).map((type) => [type, { schema: type === JSON_MEDIA_TYPE ? json : { type: 'string', description: MEDIA_DESCRIPTIONS[type] ?? 'The answer\u2019s text, streamed.' } }]),
  );
  return Object.fromEntries(
    successStatuses(declaration).map((status) => [
      String(status),
      { description: SUCCESS_DESCRIPTIONS[status] ?? 'Success.', ...(isBodiless(status) ? {} : { content }) },
    ]),
  );
}

const SUCCESS_DESCRIPTIONS: Record<number, string> = { 200: 'Success.', 201: 'Created.', 202: 'Accepted: a job was queued.', 204: 'Done: no body.' };

/** What a non-JSON answer holds, by media type. */
const MEDIA_DESCRIPTIONS: Record<string, string> = {
  'text/csv': 'A CSV download with a header row, streamed.',
  'text/plain': 'Plain text.',
  'application/x-ndjson': 'One JSON document a line, streamed.',
};

const operationId = (method: string, path: string) =>
  `${method.toLowerCase()}${path
    .split(/[^A-Za-z0-9]+/)
    .filter(Boolean)
    .map((part) => part[0].toUpperCase() + part.slice(1))
    .join('')}`;

/** The tag of a /v1 path: its first segment after /v1 (facts, conflicts, auth, …). */
export const tagOf = (path: string) => path.split('/')[2] ?? 'v1';

function describeOperation({ method, path, declaration }: Operation, folder: string, components: Record<string, JsonSchema>): JsonSchema {
  const id = operationId(method, path);
  const access = describeAccess(declaration);
  const parameters = [...pathParameters(folder), ...queryParameters(declaration, components, id)];
  const body = requestBody(declaration, components, id);
  const statuses = errorStatuses(method, folder, declaration);
  const notes = [access.description];
  if (declaration.ownQuery) notes.push('The route reads its query string itself: its filters are in docs/api.md.');
  if (declaration.audit) notes.push(`Recorded in the audit log as \`${declaration.audit.action}\`.`);
  return {
    operationId: id,
    tags: [tagOf(path)],
    summary: `${method} ${path}`,
    description: notes.join(' '),
    security: access.security,
    'x-stigmem-permission': access.permission,
    'x-stigmem-scope': access.scope,
    ...(declaration.audit ? { 'x-stigmem-audit': declaration.audit.action } : {}),
    ...(parameters.length ? { parameters } : {}),
    ...(body ? { requestBody: body } : {}),
    responses: {
      ...successResponse(declaration, components, id),
      ...Object.fromEntries(statuses.map((status) => [String(status), { $ref: `#/components/responses/Error${status}` }])),
    },
  };
}

/** The OpenAPI 3.1 document of every route in `entries`. */
export function describeRoutes(entries: readonly RouteModuleEntry[]): JsonSchema {
  const schemas: Record<string, JsonSchema> = {
    Error: {
      type: 'object',
      description: 'Every error answer: a snake_case code and a sentence for people (the official SDKs show `detail`). Some errors add fields (`max_bytes`, `index`, …).',
      required: ['error', 'detail'],
      properties: { error: { type: 'string', description: 'snake_case code: validation_error, not_found, …' }, detail: { type: 'string' } },
      additionalProperties: true,
    },
  };
  const paths: Record<string, Record<string, JsonSchema>> = {};
  for (const entry of [...entries].sort((a, b) => openApiPath(a.folder).localeCompare(openApiPath(b.folder)))) {
    for (const operation of servedOperations([entry]).operations) {
      const item = (paths[operation.path] ??= {});
      item[operation.method.toLowerCase()] = describeOperation(operation, entry.folder, schemas);
    }
  }
  const tags = [...new Set(Object.keys(paths).map(tagOf))].sort().map((name) => ({ name }));
  return {
    openapi: '3.1.0',
    info: {
      title: 'Stigmem Health',
      version: NODE_VERSION,
      summary: 'The Stigmem wire protocol and this node\u2019s extensions.',
      description:
        'Generated from the route declarations. Each operation names the permission it needs (`x-stigmem-permission`) and what it touches (`x-stigmem-scope`); the error statuses listed are the ones the route wrapper can answer for its declaration, and a domain check may refine which. On a node started with STIGMEM_AUTH_REQUIRED=false every route is open.',
    },
    servers: [{ url: '/' }],
    tags,
    paths,
    components: { schemas, responses: ERROR_RESPONSES, securitySchemes: SECURITY_SCHEMES },
  };
}
