import { afterEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { checkResponse, onResponseMismatch, type ResponseMismatch } from './response-check';
import { isStreamed, streamResponse } from './stream-response';

// The check the HTTP tests run on every success answer: status, media type, then the JSON body against the route's schema.

const req = new Request('http://node.test/v1/things?x=1', { method: 'POST' });
const Thing = z.object({ id: z.string() });

async function mismatches(declared: Parameters<typeof checkResponse>[0], res: Response): Promise<ResponseMismatch[]> {
  const found: ResponseMismatch[] = [];
  onResponseMismatch((mismatch) => found.push(mismatch));
  await checkResponse(declared, req, res);
  return found;
}

afterEach(() => onResponseMismatch(null));

describe('checkResponse', () => {
  it('passes an answer with a declared status whose body meets the schema', async () => {
    expect(await mismatches({ response: Thing, status: 201 }, Response.json({ id: 'a' }, { status: 201 }))).toEqual([]);
  });

  it('names the request, the status and the first problem', async () => {
    expect(await mismatches({ response: Thing }, Response.json({ id: 1 }))).toEqual([
      { request: 'POST /v1/things', status: 200, problem: expect.stringMatching(/^body does not match the declared schema at id: /) },
    ]);
    expect(await mismatches({ response: Thing, statuses: [201] }, Response.json({ id: 'a' }))).toEqual([
      { request: 'POST /v1/things', status: 200, problem: 'status 200 is not among the declared 201' },
    ]);
    expect(await mismatches({}, Response.json({ id: 'a' }))).toEqual([{ request: 'POST /v1/things', status: 200, problem: 'the route declares no response schema' }]);
  });

  it('refuses a field the schema does not name, at any depth (the description says there is none)', async () => {
    const Page = z.object({ things: z.array(Thing), note: z.unknown() });
    expect(await mismatches({ response: Page }, Response.json({ things: [{ id: 'a' }, { id: 'b', secret: 1 }], note: { free: 'form' } }))).toEqual([
      { request: 'POST /v1/things', status: 200, problem: 'body has a field the declared schema does not name: things.1.secret' },
    ]);
    // A free-form field (z.unknown, a record) keeps what it holds.
    expect(await mismatches({ response: Page }, Response.json({ things: [], note: { free: 'form' } }))).toEqual([]);
    expect(await mismatches({ response: z.record(z.string(), z.number()) }, Response.json({ a: 1, b: 2 }))).toEqual([]);
  });

  it('checks only the media type of a download, and refuses one the route does not declare', async () => {
    const csv = () => new Response('id\na\n', { headers: { 'content-type': 'text/csv; charset=utf-8' } });
    expect(await mismatches({ produces: ['text/csv', 'application/json'] }, csv())).toEqual([]);
    expect(await mismatches({ response: Thing }, csv())).toEqual([
      { request: 'POST /v1/things', status: 200, problem: 'content type text/csv is not among the declared application/json' },
    ]);
    // The JSON form of a download still meets its schema.
    expect(await mismatches({ produces: ['text/csv', 'application/json'], response: z.array(Thing) }, Response.json([{ id: 'a' }]))).toEqual([]);
  });

  it('takes a 204 without a body, and leaves errors to the error tests', async () => {
    expect(await mismatches({ statuses: [204] }, new Response(null, { status: 204 }))).toEqual([]);
    expect(await mismatches({ response: Thing }, Response.json({ error: 'not_found', detail: 'no such thing' }, { status: 404 }))).toEqual([]);
  });

  it('does nothing without a listener (the server)', async () => {
    onResponseMismatch(null);
    const res = Response.json({});
    await expect(checkResponse({}, req, res)).resolves.toBe(res);
  });

  it('checks a streamed body as the client reads it, without reading the body ahead', async () => {
    const found: ResponseMismatch[] = [];
    onResponseMismatch((mismatch) => found.push(mismatch));
    const encoder = new TextEncoder();
    let pulled = 0;
    const parts = ['{', '"id"', ':', '1', '}'];
    const body = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (pulled === parts.length) return controller.close();
        controller.enqueue(encoder.encode(parts[pulled++]));
      },
    }, { highWaterMark: 0 });
    const sent = await checkResponse({ response: Thing }, req, streamResponse(body, { 'content-type': 'application/json' }));
    // At most the one chunk a pipe holds: the body goes to the client as it is asked for.
    expect(pulled).toBeLessThanOrEqual(1);
    expect(found).toEqual([]);
    expect(isStreamed(sent)).toBe(true);
    expect(await sent.text()).toBe(parts.join(""));
    expect(found).toEqual([{ request: 'POST /v1/things', status: 200, problem: expect.stringMatching(/^body does not match the declared schema at id: /) }]);
  });
});
