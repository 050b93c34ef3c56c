import type { Tx } from '../db/prisma';
import { readOnly } from '../db/read-only';
import { outsideQuarantineSql } from './query-facts';
import type { FactScope } from './scope';

// GET /v1/facts/{id}/provenance (the reference node's provenance walk): the facts a fact was
// derived from, following the `derived_from` entries stored with each fact, breadth first.
// - An entry names its source by `fact_id`, else `hash`, else `id` (the first of them that is a
//   string); the name is echoed as `hash` (this node has no content hashes: ids name facts).
// - A source the key may read is `{hash, exists: true, fact_id, entity}`; one that does not exist,
//   lies in a scope the key cannot read, or is in quarantine is `{hash, exists: false}` — the same
//   shape in every case, so the answer does not tell an unknown id from another scope's fact — and
//   the walk does not go through it. An entry naming no source reads `{hash: "", exists: false}`.
// - Each fact's own entries are followed once: a fact met again (a cycle, or two summaries of one
//   source) is listed where it is met but not expanded again. The walk stops after `depth` levels
//   or MAX_PROVENANCE_ENTRIES entries; `truncated` says there was more to follow.

/** The deepest walk a request may ask for: deeper asks answer 400. */
export const MAX_PROVENANCE_DEPTH = 10;
/** Entries per answer: a fact holds at most 100, so the walk fans out fast. */
export const MAX_PROVENANCE_ENTRIES = 1000;

export interface ProvenanceEntry {
  hash: string;
  exists: boolean;
  fact_id?: string;
  entity?: string;
  /** 1 for the fact's own entries, 2 for theirs, … */
  depth: number;
  /** The fact whose derived_from holds this entry. */
  via: string;
}

export interface ProvenanceResponse {
  fact_id: string;
  /** This node has no content-addressed ids. */
  cid: null;
  derived_from: ProvenanceEntry[];
  depth: number;
  truncated: boolean;
}

interface SourceRow {
  id: string;
  entity: string;
  derived_from: unknown;
}

/** The source an entry names, or null. */
function sourceOf(entry: unknown): string | null {
  if (!entry || typeof entry !== 'object') return null;
  const record = entry as Record<string, unknown>;
  for (const field of ['fact_id', 'hash', 'id']) {
    if (typeof record[field] === 'string' && record[field]) return record[field] as string;
  }
  return null;
}

const entriesOf = (row: SourceRow): unknown[] => (Array.isArray(row.derived_from) ? row.derived_from : []);

/** The facts among `ids` the key may read (in its scopes, outside quarantine). */
async function readable(tx: Tx, ids: string[], scopes: readonly FactScope[]): Promise<Map<string, SourceRow>> {
  if (!ids.length || !scopes.length) return new Map();
  const rows = await tx.$queryRaw<SourceRow[]>`
    SELECT f.id, f.entity, f.derived_from FROM facts f
    WHERE f.id = ANY(${ids}::text[]) AND f.scope = ANY(${[...scopes]}::text[]) AND ${outsideQuarantineSql('f')}`;
  return new Map(rows.map((row) => [row.id, row]));
}

async function walk(tx: Tx, id: string, scopes: readonly FactScope[], depth: number): Promise<ProvenanceResponse | null> {
  const root = (await readable(tx, [id], scopes)).get(id);
  if (!root) return null;
  const expanded = new Set([root.id]);
  const entries: ProvenanceEntry[] = [];
  let level = [root];
  let truncated = false;
  for (let d = 1; d <= depth && level.length && !truncated; d++) {
    const named = level.flatMap((fact) => entriesOf(fact).map((entry) => ({ via: fact.id, source: sourceOf(entry) })));
    const found = await readable(tx, [...new Set(named.flatMap((n) => (n.source ? [n.source] : [])))], scopes);
    const next: SourceRow[] = [];
    for (const { via, source } of named) {
      if (entries.length === MAX_PROVENANCE_ENTRIES) {
        truncated = true;
        break;
      }
      const fact = source ? found.get(source) : undefined;
      if (!fact) {
        entries.push({ hash: source ?? '', exists: false, depth: d, via });
        continue;
      }
      entries.push({ hash: source!, exists: true, fact_id: fact.id, entity: fact.entity, depth: d, via });
      if (!expanded.has(fact.id)) {
        expanded.add(fact.id);
        next.push(fact);
      }
    }
    level = next;
  }
  // Sources left unwalked past the last level also make the answer incomplete.
  if (level.some((fact) => entriesOf(fact).length)) truncated = true;
  return { fact_id: root.id, cid: null, derived_from: entries, depth, truncated };
}

/** The walk from fact `id`, or null when the key may not read that fact (the route answers 404). */
export function factProvenance(id: string, scopes: readonly FactScope[], depth: number): Promise<ProvenanceResponse | null> {
  return readOnly((tx) => walk(tx, id, scopes, depth));
}
