import { config } from '../config/config';
import { badRequest, DomainError, timedOut, tooLarge } from '../errors/domain-error';

// Request bodies are bounded before anything parses them (docs/api.md § Limits): a size per route
// (batch writes larger, everything else small), checked against Content-Length and again while the
// stream is read; and a JSON nesting depth, checked in one pass over the text without recursion, so
// a body of 100,000 open brackets is a 400 instead of a stack overflow in whatever walks it next.
// A body must also arrive in time (STIGMEM_BODY_TIMEOUT_MS, 30 s): one sent a byte at a time would
// otherwise hold its request, and on the embedded database its place in line, for Node's 300 s.

/** Every route but the batch writes: a request is a handful of fields. */
export const MAX_BODY_BYTES = 1024 * 1024;
/** POST /v1/facts and /v1/facts/import: up to 1,000 facts of typical size per request. */
export const MAX_BATCH_BODY_BYTES = 32 * 1024 * 1024;
/** A fact batch nests 4 deep, an MCP call 5; no request of ours needs more than a few levels. */
export const MAX_JSON_DEPTH = 32;

/** The client went away mid-request: nobody reads the answer, and it is not the server's error. */
export class ClientGone extends Error {
  constructor() {
    super('the client disconnected before the request body arrived');
  }
}

/** How a request body's stream fails when the client hangs up (undici, Node's http). */
const isAbort = (error: unknown): boolean =>
  error instanceof ClientGone || (error instanceof Error && (error.name === 'AbortError' || error.message === 'aborted' || (error as { code?: string }).code === 'ECONNRESET'));

const bodyTooLarge = (maxBytes: number) =>
  tooLarge('payload_too_large', `the request body is larger than ${maxBytes} bytes; split it into smaller requests`, { max_bytes: maxBytes });

const bodyTimedOut = (ms: number) => timedOut('request_timeout', `the request body did not arrive within ${ms / 1000} s; send it at once`);

/** The body as text, refused with 413 past `maxBytes` without reading the rest, and with 408 when it is not all there in time. */
export async function readBodyText(req: Request, maxBytes: number, timeoutMs = config().bodyTimeoutMs): Promise<string> {
  const declared = Number(req.headers.get('content-length'));
  if (Number.isFinite(declared) && declared > maxBytes) throw bodyTooLarge(maxBytes);
  if (!req.body) return '';
  const reader = req.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(bodyTimedOut(timeoutMs)), timeoutMs);
  });
  try {
    for (;;) {
      const { done, value } = await Promise.race([reader.read(), deadline]);
      if (done) break;
      size += value.byteLength;
      if (size > maxBytes) {
        await reader.cancel().catch(() => undefined);
        throw bodyTooLarge(maxBytes);
      }
      chunks.push(value);
    }
  } catch (error) {
    if (error instanceof DomainError) {
      await reader.cancel().catch(() => undefined);
      throw error;
    }
    if (isAbort(error) || req.signal?.aborted) throw new ClientGone();
    throw error;
  } finally {
    clearTimeout(timer);
  }
  return Buffer.concat(chunks).toString('utf8');
}

/** The deepest nesting of arrays and objects in JSON text (strings skipped), stopping past `limit`. */
export function jsonDepthExceeds(text: string, limit: number): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 0x5c) i++; // backslash: skip the escaped character
      else if (c === 0x22) inString = false;
    } else if (c === 0x22) inString = true;
    else if (c === 0x5b || c === 0x7b) {
      if (++depth > limit) return true;
    } else if (c === 0x5d || c === 0x7d) depth--;
  }
  return false;
}

/** Refuses JSON text nested deeper than MAX_JSON_DEPTH with 400 too_deep. */
export function assertJsonDepth(text: string): void {
  if (jsonDepthExceeds(text, MAX_JSON_DEPTH)) throw badRequest('too_deep', `the request body nests arrays or objects more than ${MAX_JSON_DEPTH} levels deep`);
}

/** Parses a JSON body within the limits; an empty body is `{}`. */
export async function readJsonBody(req: Request, maxBytes = MAX_BODY_BYTES): Promise<unknown> {
  const text = await readBodyText(req, maxBytes);
  if (!text.trim()) return {};
  assertJsonDepth(text);
  try {
    return JSON.parse(text);
  } catch {
    throw badRequest('invalid_json', 'the request body is not valid JSON');
  }
}
