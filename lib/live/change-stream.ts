import 'server-only';
import { subscribeChanges } from './scope-changes';

// The server-sent event stream of GET /api/live: `event: ready` once listening, then
// `event: changed` (data: {"scopes":[…],"at"}) after changes of the given scopes commit — all of
// those within COALESCE_MS told as one event, so a busy scope costs an open page one check a
// second, not one a write — and a comment line every HEARTBEAT_MS so proxies keep the connection
// open. The stream ends when the client goes (its request is aborted or it cancels the body).

/** At most one event per this long; changes in between are told with the next one. */
export const COALESCE_MS = 1_000;
const HEARTBEAT_MS = 15_000;

export async function changeStream(scopes: readonly string[], signal: AbortSignal): Promise<Response> {
  const encoder = new TextEncoder();
  const watched = new Set(scopes);
  let close = () => {};
  /** The client went before the subscription was in place (close was not yet the real one). */
  let cancelled = false;
  const body = new ReadableStream<Uint8Array>({
    async start(controller) {
      let open = true;
      let last = 0;
      let timer: NodeJS.Timeout | null = null;
      const pending = new Set<string>();
      const send = (text: string) => {
        if (!open) return;
        try {
          controller.enqueue(encoder.encode(text));
        } catch {
          close();
        }
      };
      const tell = () => {
        timer = null;
        last = Date.now();
        const told = [...pending].sort();
        pending.clear();
        send(`event: changed\ndata: ${JSON.stringify({ scopes: told, at: new Date(last).toISOString() })}\n\n`);
      };
      const unsubscribe = await subscribeChanges((scope) => {
        // `*`: something of every scope (an alert rule or mute of all scopes).
        if (scope !== '*' && !watched.has(scope)) return;
        pending.add(scope);
        if (timer) return;
        const wait = last + COALESCE_MS - Date.now();
        if (wait <= 0) tell();
        else timer = setTimeout(tell, wait);
      });
      const heartbeat = setInterval(() => send(': keep-alive\n\n'), HEARTBEAT_MS);
      close = () => {
        if (!open) return;
        open = false;
        unsubscribe();
        clearInterval(heartbeat);
        if (timer) clearTimeout(timer);
        signal.removeEventListener('abort', close);
        try {
          controller.close();
        } catch {
          // Already closed or cancelled.
        }
      };
      signal.addEventListener('abort', close);
      if (signal.aborted || cancelled) return close();
      send(`retry: 3000\nevent: ready\ndata: ${JSON.stringify({ scopes: [...watched].sort() })}\n\n`);
    },
    cancel() {
      cancelled = true;
      close();
    },
  });
  return new Response(body, {
    headers: { 'content-type': 'text/event-stream; charset=utf-8', 'cache-control': 'no-cache, no-transform', 'x-accel-buffering': 'no' },
  });
}
