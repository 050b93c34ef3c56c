import { config } from '../config/config';

// A minimal HTTP client for the middleware adapter (Spec-19 archetype: middleware, fail open).
// It never throws: every failure (no STIGMEM_URL, unreachable node, timeout, 4xx, 5xx, bad JSON)
// becomes null plus a log line, so a host agent keeps running whatever the node does.

export interface AdapterLogger {
  warn(message: string): void;
  error(message: string): void;
}

export interface AdapterOptions {
  /** Base URL of the node; default STIGMEM_URL. Absent → every operation is skipped. */
  url?: string;
  /** Default STIGMEM_API_KEY. */
  apiKey?: string;
  /** Entity URI used as source on writes and as the context subject; default STIGMEM_SOURCE_ENTITY. */
  sourceEntity?: string;
  /** Per request; default 3000 ms. */
  timeoutMs?: number;
  logger?: AdapterLogger;
}

export const consoleLogger: AdapterLogger = {
  warn: (message) => console.warn(`[stigmem] ${message}`),
  error: (message) => console.error(`[stigmem] ${message}`),
};

export interface ResolvedOptions {
  url: string | null;
  apiKey: string | null;
  sourceEntity: string;
  timeoutMs: number;
  logger: AdapterLogger;
}

export function resolveOptions(options: AdapterOptions = {}): ResolvedOptions {
  return {
    url: (options.url ?? config().adapter.url)?.trim() || null,
    apiKey: (options.apiKey ?? config().adapter.apiKey)?.trim() || null,
    sourceEntity: (options.sourceEntity ?? config().adapter.sourceEntity)?.trim() || 'agent:stigmem-health-middleware',
    timeoutMs: options.timeoutMs ?? 3000,
    logger: options.logger ?? consoleLogger,
  };
}

export interface NodeAnswer {
  status: number;
  json: unknown;
}

/** One request; on 5xx or no answer, `retry` allows a single second try. Null when it failed. */
export async function callNode(o: ResolvedOptions, method: 'GET' | 'POST', path: string, body?: unknown, retry = false): Promise<NodeAnswer | null> {
  if (!o.url) return null;
  const headers: Record<string, string> = { accept: 'application/json' };
  if (body !== undefined) headers['content-type'] = 'application/json';
  if (o.apiKey) headers.authorization = `Bearer ${o.apiKey}`;
  for (let attempt = 0; attempt < (retry ? 2 : 1); attempt++) {
    try {
      const res = await fetch(new URL(path, o.url.endsWith('/') ? o.url : `${o.url}/`), {
        method,
        headers,
        body: body === undefined ? undefined : JSON.stringify(body),
        signal: AbortSignal.timeout(o.timeoutMs),
      });
      const json = await res.json().catch(() => null);
      if (res.status < 400) return { status: res.status, json };
      const detail = json && typeof json === 'object' && 'detail' in json ? String((json as { detail: unknown }).detail) : '';
      o.logger.error(`${method} ${path} answered ${res.status}${detail ? `: ${detail}` : ''}`);
      if (res.status < 500) return null;
    } catch (error) {
      const cause = (error as { cause?: { code?: string } }).cause?.code ?? (error as Error).name;
      o.logger.warn(`${method} ${path}: node unreachable or too slow (${cause})`);
    }
  }
  return null;
}
