import { expect } from 'vitest';
import { api, hlcText, uid, uniqueEntity, wireFact } from './harness';

// Decay tests back-date facts through /v1/facts/import and keep policies apart with a relation
// namespace of their own per test (policies are node-wide).

export const newNamespace = () => `t${uid()}`;

let counter = 0;
/** Imports one fact asserted `ageS` seconds ago; returns its id. */
export async function importAged(entity: string, relation: string, value: string, ageS: number, extra: Record<string, unknown> = {}) {
  const wall = Date.now() - ageS * 1000;
  const id = `fact-${uid()}`;
  const res = await api.post('/v1/facts/import', {
    facts: [{ ...wireFact(entity, value, { relation, scope: 'company', ...extra }), id, hlc: hlcText(wall, counter++ % 1000), timestamp: new Date(wall).toISOString() }],
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return id;
}

export async function createPolicy(policy: Record<string, unknown>) {
  const res = await api.post('/v1/decay/policies', policy);
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return policy;
}

export async function sweep(body: Record<string, unknown>) {
  const res = await api.post('/v1/decay/sweep', body);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body as Record<string, number | string | string[] | unknown[]> & {
    facts_evaluated: number;
    facts_retracted: number;
    facts_reduced: number;
    dry_run_would_retract: number;
    dry_run_would_reduce: number;
    policies_applied: string[];
  };
}

export async function factsOf(entity: string) {
  const res = await api.get('/v1/facts', { query: { entity, include_expired: true, include_contradicted: true, limit: 500 } });
  return (res.body as { facts: { id: string; confidence: number; source: string; relation: string; scope: string }[] }).facts;
}

export { uniqueEntity };
