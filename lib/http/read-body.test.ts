import { describe, expect, it } from 'vitest';
import { jsonDepthExceeds, readBodyText } from './read-body';
import { STATUS_OF_KIND } from './error-status';

describe('jsonDepthExceeds', () => {
  it('counts arrays and objects, not brackets inside strings or after escaped quotes', () => {
    expect(jsonDepthExceeds('[[[]]]', 3)).toBe(false);
    expect(jsonDepthExceeds('[[[[]]]]', 3)).toBe(true);
    expect(jsonDepthExceeds('{"a":{"b":[1]}}', 3)).toBe(false);
    expect(jsonDepthExceeds('{"a":{"b":[{}]}}', 3)).toBe(true);
    expect(jsonDepthExceeds('["[[[[[[", "\\"[[[[[["]', 1)).toBe(false);
    expect(jsonDepthExceeds('["\\\\", [[]]]', 2)).toBe(true);
  });

  it('walks 10 MB of brackets without recursion', () => {
    expect(jsonDepthExceeds('['.repeat(5_000_000) + ']'.repeat(5_000_000), 32)).toBe(true);
  });
});

describe('readBodyText', () => {
  it('answers 408 for a body that does not arrive in time, and stops reading it', async () => {
    let cancelled = false;
    const stream = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(new TextEncoder().encode('{"key":'));
      },
      cancel() {
        cancelled = true;
      },
    });
    const req = new Request('http://x/', { method: 'POST', body: stream, duplex: 'half' } as RequestInit);
    const started = performance.now();
    await expect(readBodyText(req, 1000, 50)).rejects.toMatchObject({ kind: 'timeout', code: 'request_timeout' });
    expect(performance.now() - started).toBeLessThan(1000);
    expect(cancelled).toBe(true);
    expect(STATUS_OF_KIND.timeout).toBe(408);
  });

  it('takes a body that arrives slowly but within the time', async () => {
    const stream = new ReadableStream<Uint8Array>({
      async start(controller) {
        for (const part of ['{"a"', ':1}']) {
          await new Promise((resolve) => setTimeout(resolve, 20));
          controller.enqueue(new TextEncoder().encode(part));
        }
        controller.close();
      },
    });
    const req = new Request('http://x/', { method: 'POST', body: stream, duplex: 'half' } as RequestInit);
    expect(await readBodyText(req, 1000, 1000)).toBe('{"a":1}');
  });

  it('refuses a declared Content-Length over the limit without reading', async () => {
    const req = new Request('http://x/', { method: 'POST', body: 'tiny', headers: { 'content-length': '999999' } });
    await expect(readBodyText(req, 100)).rejects.toMatchObject({ kind: 'too_large', code: 'payload_too_large', extra: { max_bytes: 100 } });
    expect(STATUS_OF_KIND.too_large).toBe(413);
  });

  it('reads a body up to the limit exactly', async () => {
    expect(await readBodyText(new Request('http://x/', { method: 'POST', body: 'x'.repeat(100) }), 100)).toHaveLength(100);
    await expect(readBodyText(new Request('http://x/', { method: 'POST', body: 'x'.repeat(101) }), 100)).rejects.toMatchObject({ kind: 'too_large' });
  });

  it('decodes UTF-8 split across chunks', async () => {
    const bytes = new TextEncoder().encode('é€😀');
    const stream = new ReadableStream<Uint8Array>({
      start(controller) {
        for (const byte of bytes) controller.enqueue(new Uint8Array([byte]));
        controller.close();
      },
    });
    const req = new Request('http://x/', { method: 'POST', body: stream, duplex: 'half' } as RequestInit);
    expect(await readBodyText(req, 100)).toBe('é€😀');
  });
});
