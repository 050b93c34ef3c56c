import type { z } from 'zod';
import { isStreamed, pipeResponse } from './stream-response';

// The HTTP tests check every success answer against what its route declares (lib/http/api-route.ts:
// `response`, `status`, `statuses`), so the API description (lib/openapi) cannot drift from what
// the handlers send. Off in the server: only a test installs a listener (test/setup-db.ts).

export interface ResponseMismatch {
  /** METHOD and path of the request. */
  request: string;
  status: number;
  problem: string;
}

/** What apiRoute knows of a route's success answer. */
export interface DeclaredSuccess {
  response?: z.ZodType;
  status?: number;
  statuses?: readonly number[];
  produces?: readonly string[];
}

let listener: ((mismatch: ResponseMismatch) => void) | null = null;

/** Installs (or with null removes) the listener that hears every mismatch. */
export function onResponseMismatch(next: ((mismatch: ResponseMismatch) => void) | null): void {
  listener = next;
}

export const responseChecksOn = () => listener !== null;

/** The success statuses a route may answer: its `statuses`, else its `status`, else 200. */
export const successStatuses = (declared: DeclaredSuccess): readonly number[] => declared.statuses ?? [declared.status ?? 200];

export const JSON_MEDIA_TYPE = 'application/json';

/** The media types a route's success answer comes in: its `produces`, else JSON. */
export const successMediaTypes = (declared: DeclaredSuccess): readonly string[] => declared.produces ?? [JSON_MEDIA_TYPE];

/** A status whose answer has no body (204 No Content): it declares no media type and no schema. */
export const isBodiless = (status: number) => status === 204;

/** "text/csv; charset=utf-8" → "text/csv". */
const mediaType = (contentType: string | null) => (contentType ?? '').split(';')[0].trim().toLowerCase();

/**
 * Checks a success answer (2xx) against the declaration, reports any mismatch to the listener, and
 * answers the response to send: `res` itself, or for a streamed body (isStreamed) the same body
 * checked as it passes to the client, so the check never reads ahead of the client (the streaming
 * tests time how a download goes) and reports once the client read it all.
 */
export async function checkResponse(declared: DeclaredSuccess, req: Request, res: Response): Promise<Response> {
  if (!listener || res.status < 200 || res.status > 299) return res;
  const report = listener;
  const request = `${req.method} ${new URL(req.url).pathname}`;
  const fail = (problem: string) => report({ request, status: res.status, problem });
  if (!successStatuses(declared).includes(res.status)) fail(`status ${res.status} is not among the declared ${successStatuses(declared).join(', ')}`);
  if (res.body === null) return res;
  const type = mediaType(res.headers.get('content-type'));
  if (!successMediaTypes(declared).includes(type)) {
    fail(`content type ${type || '(none)'} is not among the declared ${successMediaTypes(declared).join(', ')}`);
    return res;
  }
  // Only a JSON answer has a schema to meet; a download's text (CSV, Prometheus) is checked by its own tests.
  if (type !== JSON_MEDIA_TYPE) return res;
  const schema = declared.response;
  if (!schema) {
    fail('the route declares no response schema');
    return res;
  }
  if (isStreamed(res)) return pipeResponse(res, checkedAsItPasses((text) => checkBody(schema, JSON.parse(text), fail)));
  checkBody(schema, await res.clone().json(), fail);
  return res;
}

function checkBody(schema: z.ZodType, body: unknown, fail: (problem: string) => void): void {
  const parsed = schema.safeParse(body);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    return fail(`body does not match the declared schema at ${issue.path.map(String).join('.') || '(root)'}: ${issue.message}`);
  }
  // The description says an object has no fields but its schema's (additionalProperties: false), and
  // zod drops the others as it parses: a field the parse dropped is one the schema does not declare.
  const extra = undeclaredField(body, parsed.data, '');
  if (extra !== null) fail(`body has a field the declared schema does not name: ${extra}`);
}

/** Passes every chunk on as it comes and keeps a copy; at the end of the body, hands `check` its whole text. */
function checkedAsItPasses(check: (text: string) => void): TransformStream<Uint8Array, Uint8Array> {
  const chunks: Uint8Array[] = [];
  return new TransformStream({
    transform(chunk, controller) {
      chunks.push(chunk);
      controller.enqueue(chunk);
    },
    flush() {
      check(Buffer.concat(chunks).toString('utf8'));
    },
  });
}

const isRecord = (value: unknown): value is Record<string, unknown> => value !== null && typeof value === 'object' && !Array.isArray(value);

/** The path of the first field of `sent` that `parsed` (the schema's output) left out, or null. */
function undeclaredField(sent: unknown, parsed: unknown, path: string): string | null {
  if (Array.isArray(sent) && Array.isArray(parsed)) {
    for (let i = 0; i < sent.length; i++) {
      const found = undeclaredField(sent[i], parsed[i], `${path}${path ? '.' : ''}${i}`);
      if (found !== null) return found;
    }
    return null;
  }
  if (!isRecord(sent) || !isRecord(parsed)) return null;
  for (const [key, value] of Object.entries(sent)) {
    const at = `${path}${path ? '.' : ''}${key}`;
    if (!(key in parsed)) return at;
    const found = undeclaredField(value, parsed[key], at);
    if (found !== null) return found;
  }
  return null;
}
