import { type BootContext, renderContextBlock } from '../context/render-context';
import type { FactRecord } from '../facts/fact-record';
import { type AdapterOptions, callNode, resolveOptions } from './node-client';

// Spec-19 middleware (archetype: middleware, fail open): the context a host agent gets at boot.
// Four pulls, each non-fatal — confident facts of relevant namespaces, project constraints,
// pending handoffs to STIGMEM_SOURCE_ENTITY, recent escalations — merged and rendered as the
// Spec-19 Markdown block. Always returns a BootContext; {facts: [], summary: ""} on total failure.

export interface BootContextOptions extends AdapterOptions {
  scope?: 'local' | 'team' | 'company' | 'public';
  /** Confident facts: at or above this confidence (default 0.8). */
  minConfidence?: number;
  /** Namespaces of the confident-fact pull (default memory, preference, project, intent). */
  namespaces?: string[];
  /** Escalations newer than this many hours (default 24). */
  escalationHours?: number;
  /** Facts per pull (default 50). */
  limit?: number;
}

export const EMPTY_BOOT_CONTEXT: BootContext = Object.freeze({ facts: [], summary: '' }) as BootContext;

export async function bootContext(options: BootContextOptions = {}): Promise<BootContext> {
  try {
    const o = resolveOptions(options);
    if (!o.url) return { facts: [], summary: '' };
    const scope = options.scope ?? 'team';
    const limit = options.limit ?? 50;
    const namespaces = options.namespaces ?? ['memory', 'preference', 'project', 'intent'];
    const query = (params: Record<string, string | number>) =>
      `/v1/facts?${new URLSearchParams(Object.entries({ scope, limit, ...params }).map(([k, v]) => [k, String(v)]))}`;
    const pulls = await Promise.all([
      callNode(o, 'GET', query({ min_confidence: options.minConfidence ?? 0.8 })),
      callNode(o, 'GET', query({ relation: 'project:constraint' })),
      callNode(o, 'GET', query({ relation: 'intent:handoff_to' })),
      callNode(o, 'GET', query({ relation: 'intent:escalation', after: new Date(Date.now() - (options.escalationHours ?? 24) * 3600_000).toISOString() })),
    ]);
    const factsOf = (answer: (typeof pulls)[number]) =>
      answer && answer.json && typeof answer.json === 'object' && Array.isArray((answer.json as { facts?: unknown }).facts) ? ((answer.json as { facts: FactRecord[] }).facts) : [];
    const [confident, constraints, handoffs, escalations] = pulls.map(factsOf);
    const picked = [
      ...confident.filter((f) => namespaces.includes(f.relation.split(':')[0]) && f.confidence > 0),
      ...constraints,
      ...handoffs.filter((f) => f.value?.type === 'ref' && f.value.v === o.sourceEntity.toLowerCase()),
      ...escalations,
    ].filter((f) => f && typeof f.id === 'string' && f.confidence > 0);
    const unique = [...new Map(picked.map((f) => [f.id, f])).values()];
    return { facts: unique, summary: renderContextBlock(o.sourceEntity, unique) };
  } catch (error) {
    options.logger?.warn?.(`boot context failed: ${(error as Error).message}`);
    return { facts: [], summary: '' };
  }
}
