import { expect } from 'vitest';
import { ConflictList, type ConflictRecord, ContradictionList, type ContradictionRecord, FactBatch, type FactRecord } from '@/lib/wire/records';
import { api, expectBody } from './client';
import { uniqueEntity, wireFact } from './data';

// Conflicts for tests: open one on a fresh triple, and read them back by entity.

export interface OpenedConflict {
  entity: string;
  red: FactRecord;
  blue: FactRecord;
  conflict: ConflictRecord;
}

/** Asserts "red" then "blue" on a fresh triple and returns the one conflict this records. */
export async function openConflict(options: { scope?: string; relation?: string; entity?: string } = {}): Promise<OpenedConflict> {
  const entity = options.entity ?? uniqueEntity('conflict');
  const extra = { scope: options.scope ?? 'local', relation: options.relation ?? 'memory:status' };
  const [red, blue] = expectBody(await api.post('/v1/facts', { facts: [wireFact(entity, 'red', extra), wireFact(entity, 'blue', extra)] }), 201, FactBatch).facts;
  const open = (await conflictsOf(entity, 'unresolved')).filter((c) => c.relation === extra.relation && c.scope === extra.scope);
  expect(open).toHaveLength(1);
  return { entity, red, blue, conflict: open[0] };
}

export async function conflictsOf(entity: string, status = 'all'): Promise<ConflictRecord[]> {
  return expectBody(await api.get('/v1/conflicts', { query: { entity, status, limit: 500 } }), 200, ConflictList).conflicts;
}

export async function conflictById(entity: string, id: string): Promise<ConflictRecord> {
  const found = (await conflictsOf(entity)).find((c) => c.conflict_id === id);
  if (!found) throw new Error(`conflict ${id} not listed for ${entity}`);
  return found;
}

/** The contradictions of an entity's triples (group=triple), every status unless given. */
export async function contradictionsOf(entity: string, status = 'all'): Promise<ContradictionRecord[]> {
  return expectBody(await api.get('/v1/conflicts', { query: { entity, status, group: 'triple', limit: 500 } }), 200, ContradictionList).contradictions;
}
