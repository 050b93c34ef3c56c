import { type APIRequestContext, expect } from '@playwright/test';
import { adminHeaders, type FactInput, type WireFact } from './api';

// Data for the decay journeys: back-dated facts (POST /v1/facts/import keeps timestamp and hlc, so
// a sweep sees them as old), policies under a relation namespace unique to the test (policies are
// node-wide), and the scope's stale-finding count as the health cards compute it.

export const DAY_MS = 86_400_000;

/** An HLC at a past instant, padded like the node emits it ("1714658400000.000"). */
export function hlcAt(ms: number, counter = 0): string {
  return `${String(Math.trunc(ms)).padStart(13, '0')}.${String(counter).padStart(3, '0')}`;
}

export interface AgedFact extends FactInput {
  /** Days before now the fact was asserted. */
  ageDays: number;
}

/** Imports facts as if asserted `ageDays` ago (admin); each gets its own HLC in that past. */
export async function importAgedFacts(request: APIRequestContext, facts: AgedFact[]): Promise<WireFact[]> {
  const now = Date.now();
  const body = facts.map(({ ageDays, ...fact }, i) => {
    const at = now - ageDays * DAY_MS + i;
    return { source: 'e2e:playwright', scope: 'local', confidence: 1, ...fact, timestamp: new Date(at).toISOString(), hlc: hlcAt(at) };
  });
  const response = await request.post('/v1/facts/import', { headers: adminHeaders, data: { facts: body } });
  expect(response.status(), await response.text()).toBe(201);
  return ((await response.json()) as { facts: WireFact[] }).facts;
}

/** `count` facts asserted `ageDays` ago whose validity ended `expiredDaysAgo` days ago: stale findings. */
export function staleFacts(entityPrefix: string, relation: string, scope: string, count: number, ageDays = 40, expiredDaysAgo = 10): AgedFact[] {
  return Array.from({ length: count }, (_, i) => ({
    entity: `${entityPrefix}:item-${i + 1}`,
    relation,
    scope,
    value: { type: 'string', v: `open #${i + 1}` },
    valid_until: new Date(Date.now() - expiredDaysAgo * DAY_MS).toISOString(),
    ageDays,
  }));
}

export interface PolicyInput {
  id: string;
  relation: string;
  scope: string;
  mode: 'retract' | 'confidence';
  ttl_s?: number;
  half_life_s?: number;
  min_confidence?: number;
}

export async function createPolicy(request: APIRequestContext, policy: PolicyInput): Promise<void> {
  const response = await request.post('/v1/decay/policies', { headers: adminHeaders, data: policy });
  expect(response.status(), await response.text()).toBe(201);
}

/** Cleanup that tolerates a policy the test already deleted through the page. */
export async function deletePolicyIfExists(request: APIRequestContext, id: string): Promise<void> {
  const response = await request.delete(`/v1/decay/policies/${encodeURIComponent(id)}`, { headers: adminHeaders });
  expect([204, 404]).toContain(response.status());
}

/** Stale findings of a scope, as the health page's cards count them (GET /api/health). */
export async function staleFindings(request: APIRequestContext, scope: string): Promise<number> {
  const response = await request.get(`/api/health?scope=${scope}`, { headers: adminHeaders });
  expect(response.status(), await response.text()).toBe(200);
  const { scopes } = (await response.json()) as { scopes: { scope: string; by_check: Record<string, number> }[] };
  return scopes[0].by_check.stale;
}

/** A dry run straight from the API, for checks the page does not show. */
export async function dryRunCounts(request: APIRequestContext, body: { scope: string; fact_id?: string }) {
  const response = await request.post('/v1/decay/sweep', { headers: adminHeaders, data: { ...body, mode: 'dry_run' } });
  expect(response.status(), await response.text()).toBe(200);
  return (await response.json()) as { facts_evaluated: number; dry_run_would_retract: number; dry_run_would_reduce: number };
}
