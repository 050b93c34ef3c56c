import { type APIRequestContext, expect } from '@playwright/test';
import { adminHeaders, assertFact, uniqueSuffix, type WireFact } from './api';

// Review-workflow data for the UI journeys. Each test works in its own relation namespace, so the
// queue filtered by that namespace holds only its conflicts. A suggestion needs a confidence gap
// of at least 0.2 (0.95 vs 0.4); 0.9 vs 0.8 leaves the decision to a person.

export interface Side {
  value: string;
  confidence: number;
}

export interface ReviewConflict {
  conflictId: string;
  /** The contradiction the conflict belongs to: the queue lists it, and its page is where the queue leads. */
  contradictionId: string;
  entity: string;
  relation: string;
  factA: WireFact;
  factB: WireFact;
}

export interface WireConflict {
  conflict_id: string;
  status: string;
  resolution_basis: string | null;
  resolution_note: string | null;
  resolution_fact_id: string | null;
  suggestion: { winning_fact_id: string; basis: string } | null;
  history: { id: string; value: { type: string; v?: unknown } }[];
  resolution?: { cooldown_until: string | null } | null;
}

/** A fresh namespace such as "rv-lx3k2-a8f9q1"; relations in it are "<namespace>:<name>". */
export function reviewNamespace(): string {
  return `rv-${uniqueSuffix()}`;
}

export async function unresolvedConflicts(request: APIRequestContext, params: Record<string, string>): Promise<{ conflict_id: string; contradiction_id: string }[]> {
  const response = await request.get(`/v1/conflicts?${new URLSearchParams({ status: 'unresolved', ...params })}`, { headers: adminHeaders });
  expect(response.status(), await response.text()).toBe(200);
  return ((await response.json()) as { conflicts: { conflict_id: string; contradiction_id: string }[] }).conflicts;
}

/** Asserts A then B in one triple (A is the conflict's side A) and returns the recorded conflict and its contradiction. */
export async function createReviewConflict(request: APIRequestContext, input: { entity: string; relation: string; a: Side; b: Side; scope?: string }): Promise<ReviewConflict> {
  const scope = input.scope ?? 'local';
  const factA = await assertFact(request, { entity: input.entity, relation: input.relation, value: { type: 'string', v: input.a.value }, confidence: input.a.confidence, scope });
  const factB = await assertFact(request, { entity: input.entity, relation: input.relation, value: { type: 'string', v: input.b.value }, confidence: input.b.confidence, scope });
  const conflicts = await unresolvedConflicts(request, { entity: input.entity, relation: input.relation, scope });
  expect(conflicts).toHaveLength(1);
  return { conflictId: conflicts[0].conflict_id, contradictionId: conflicts[0].contradiction_id, entity: input.entity, relation: input.relation, factA, factB };
}

export async function getConflict(request: APIRequestContext, conflictId: string): Promise<WireConflict> {
  const response = await request.get(`/v1/conflicts/${encodeURIComponent(conflictId)}`, { headers: adminHeaders });
  expect(response.status(), await response.text()).toBe(200);
  return response.json();
}

/** The value the decision kept (the resolution fact's value), or null for a dismissal. */
export async function keptValue(request: APIRequestContext, conflictId: string): Promise<unknown> {
  const conflict = await getConflict(request, conflictId);
  return conflict.history.find((fact) => fact.id === conflict.resolution_fact_id)?.value.v ?? null;
}

export async function resolveViaApi(request: APIRequestContext, conflictId: string, winningFactId: string, note = 'decided by a script'): Promise<void> {
  const response = await request.post(`/v1/conflicts/${encodeURIComponent(conflictId)}/resolve`, { headers: adminHeaders, data: { winning_fact_id: winningFactId, resolution_note: note } });
  expect(response.status(), await response.text()).toBe(200);
}
