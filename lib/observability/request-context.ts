import { AsyncLocalStorage } from 'node:async_hooks';

// What every log line written while a request is handled carries (lib/observability/logger.ts):
// its request id, and the trace it belongs to when the caller sent one or tracing is on. Kept on
// globalThis like the logger: Next bundles this module into several chunks.

export interface RequestContext {
  requestId: string;
  traceId: string | null;
}

const holder = globalThis as unknown as { __stigmemRequestContext?: AsyncLocalStorage<RequestContext> };
const storage = (holder.__stigmemRequestContext ??= new AsyncLocalStorage<RequestContext>());

export function runInRequest<T>(context: RequestContext, fn: () => T): T {
  return storage.run(context, fn);
}

export function currentRequest(): RequestContext | undefined {
  return storage.getStore();
}
