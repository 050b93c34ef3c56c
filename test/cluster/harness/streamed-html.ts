import { expect } from 'vitest';

// How React sends a section that was not ready when the page's shell went out: in the shell, a
// pending boundary — `<!--$?--><template id="B:n"></template>` followed by its fallback — and,
// later in the same response, the section's HTML in `<div hidden id="S:m">` with a script call
// `$RC("B:n","S:m")` that swaps it in. A section that was ready in time is inlined instead, with no
// fallback. Which of the two happens is timing; test/cluster/streaming.test.ts makes it certain by
// holding the section's table locked while it reads the shell.

export interface StreamedSection {
  /** Offset of the pending boundary (its fallback) in the body. */
  fallbackAt: number;
  /** Offset where the section's own HTML starts, later in the body. */
  contentAt: number;
}

/** The pending boundary whose fallback contains `fallbackText`, if the HTML has one. */
export function pendingFallback(html: string, fallbackText: string): RegExpExecArray | undefined {
  return [...html.matchAll(/<!--\$\?--><template id="(B:\d+)"><\/template>/g)].find((m) => {
    const fallbackEnd = html.indexOf('<!--/$-->', m.index);
    // React separates adjacent text nodes with `<!-- -->` ("scope <!-- -->local"): read the text without them.
    return fallbackEnd > 0 && html.slice(m.index, fallbackEnd).replaceAll('<!-- -->', '').includes(fallbackText);
  });
}

/**
 * Asserts that `html` holds a pending Suspense boundary whose fallback contains `fallbackText`, and
 * later the section that replaced it, containing `contentMarker`.
 */
export function expectStreamedSection(html: string, fallbackText: string, contentMarker: string): StreamedSection {
  const boundary = pendingFallback(html, fallbackText);
  expect(boundary, `no pending boundary with the fallback “${fallbackText}”: the section was not streamed (it was inlined or missing)`).toBeDefined();
  const id = boundary![1];
  const reveal = new RegExp(`\\$RC\\("${id}","(S:\\d+)"\\)`).exec(html);
  expect(reveal, `boundary ${id} is never completed in the response`).not.toBeNull();
  const contentAt = html.indexOf(`<div hidden id="${reveal![1]}">`);
  expect(contentAt, `the HTML of ${reveal![1]} is missing`).toBeGreaterThan(boundary!.index);
  expect(html.slice(contentAt, reveal!.index), `the section streamed into ${id} does not contain ${contentMarker}`).toContain(contentMarker);
  return { fallbackAt: boundary!.index, contentAt };
}

/** A response body read as it arrives: what came so far, waiting for more, and the rest. */
export interface BodyReader {
  /** Reads until `ready(htmlSoFar)` holds; fails after `timeoutMs` or at the end of the body. */
  until(ready: (html: string) => boolean, timeoutMs?: number): Promise<string>;
  /** Reads to the end of the body. */
  rest(): Promise<string>;
}

export function readBody(response: Response): BodyReader {
  const reader = response.body!.getReader();
  const decoder = new TextDecoder();
  let html = '';
  let done = false;
  const more = async () => {
    const chunk = await reader.read();
    if (chunk.done) done = true;
    else html += decoder.decode(chunk.value, { stream: true });
  };
  return {
    async until(ready, timeoutMs = 15_000) {
      const deadline = Date.now() + timeoutMs;
      while (!ready(html)) {
        if (done) throw new Error(`the body ended before it held what was awaited:\n${html.slice(-2_000)}`);
        const left = deadline - Date.now();
        if (left <= 0) throw new Error(`nothing more within ${timeoutMs} ms; so far:\n${html.slice(-2_000)}`);
        await Promise.race([more(), new Promise((resolve) => setTimeout(resolve, left))]);
      }
      return html;
    },
    async rest() {
      while (!done) await more();
      return html;
    },
  };
}
