import { type AdapterOptions, callNode, resolveOptions } from './node-client';

// Spec-19 write surfaces for middleware (archetype: middleware, fail open): fire-and-forget. A write
// failure is logged (warning when the node is unreachable, error on a 4xx/5xx answer; a 5xx is
// retried once) and never thrown. Lifecycle and intent facts use confidence 1.0; lifecycle
// (activity/heartbeat) facts stay in the local scope.

export interface AdapterFact {
  entity?: string;
  relation: string;
  value: { type: string; v?: unknown };
  scope?: 'local' | 'team' | 'company' | 'public';
  confidence?: number;
  valid_until?: string;
}

/** Resolves true when the node stored the fact, false otherwise; never rejects. */
export async function recordFact(fact: AdapterFact, options: AdapterOptions = {}): Promise<boolean> {
  try {
    const o = resolveOptions(options);
    if (!o.url) return false;
    const body = { entity: fact.entity ?? o.sourceEntity, source: o.sourceEntity, scope: 'local', confidence: 1.0, ...fact };
    return (await callNode(o, 'POST', '/v1/facts', body, true)) !== null;
  } catch {
    return false;
  }
}

/** paperclip:lifecycle = started | idle | stopped … on the agent itself, local scope, confidence 1.0. */
export function recordLifecycle(state: string, options: AdapterOptions = {}): Promise<boolean> {
  return recordFact({ relation: 'paperclip:lifecycle', value: { type: 'string', v: state }, scope: 'local' }, options);
}

/** intent:handoff_to → the agent taking over, confidence 1.0. */
export function recordHandoff(toAgent: string, options: AdapterOptions & { scope?: AdapterFact['scope'] } = {}): Promise<boolean> {
  return recordFact({ relation: 'intent:handoff_to', value: { type: 'ref', v: toAgent }, scope: options.scope ?? 'team' }, options);
}

/** intent:escalation with a short text, confidence 1.0. */
export function recordEscalation(text: string, options: AdapterOptions & { scope?: AdapterFact['scope'] } = {}): Promise<boolean> {
  return recordFact({ relation: 'intent:escalation', value: { type: 'text', v: text }, scope: options.scope ?? 'team' }, options);
}
