import { Prisma } from '../generated/prisma/client';
import type { Tx } from '../db/prisma';
import type { FactValue } from './fact-value';
import { type ConflictState, type ContradictionState, emptyTripleState, type HeadState, isLive, type PreparedFact, type TripleState, tripleKey } from './triple-state';
import { compareHlc, type Hlc } from '../time/hlc';
import { searchVectorSql } from './search-vector';
import { sqlArray } from '../db/sql-array';
import { isSystemRelation } from './system-sources';

// Loads the state of the triples a write touches and persists what applyFacts decided: set-based
// SQL over unnest() arrays, one statement per table, whatever the batch size.

type Triple = { entity: string; relation: string; scope: string };

function tripleArrays(triples: Triple[]) {
  return Prisma.sql`unnest(${sqlArray(triples.map((t) => t.entity))}::text[], ${sqlArray(triples.map((t) => t.relation))}::text[], ${sqlArray(triples.map((t) => t.scope))}::text[]) AS t(entity, relation, scope)`;
}

const hlcOf = (wall: bigint | number | null, counter: number | null): Hlc | null =>
  wall === null || counter === null ? null : { wall: Number(wall), counter: Number(counter) };

interface HeadRow {
  entity: string;
  relation: string;
  scope: string;
  value_hash: string;
  value: FactValue;
  value_type: string;
  ref_target: string | null;
  head_fact_id: string;
  head_hlc_wall: bigint;
  head_hlc_counter: number;
  head_confidence: number;
  head_source: string;
  head_timestamp: Date;
  valid_until: Date | null;
  triple_retracted: boolean;
  confidence: number;
  base_fact_id: string | null;
  base_hlc_wall: bigint | null;
  base_hlc_counter: number | null;
  base_confidence: number | null;
  base_timestamp: Date | null;
  base_source: string | null;
  first_asserted_hlc_wall: bigint | null;
  first_asserted_hlc_counter: number | null;
  integrity_score: number | null;
  integrity_flags: string[] | null;
  integrity_version: number | null;
  quarantined: boolean;
}

interface ConflictRow {
  id: string;
  contradiction_id: string;
  entity: string;
  relation: string;
  scope: string;
  fact_a_id: string;
  fact_b_id: string;
  value_a_hash: string;
  value_b_hash: string;
  pair_key: string;
  detected_at: Date;
}

/** The written facts of one triple, with its key. */
interface TripleWrite {
  key: string;
  triple: Triple;
  facts: PreparedFact[];
}

/**
 * The state of every triple a batch writes, as much of it as the rules need (triple-state.ts,
 * `complete`): for a triple with an open contradiction whose anchor stays live and that no decision
 * cooled, only the heads of the values written and the anchor, and the conflicts those values own,
 * so a write costs what it writes whatever the triple holds. The whole triple (every head with
 * confidence > 0, every unresolved conflict of its contradiction) where the rules may look further:
 * needsWholeTriple.
 */
export async function loadTripleStates(tx: Tx, facts: PreparedFact[], now: Date, withRetractionMarks: boolean): Promise<Map<string, TripleState>> {
  const states = new Map<string, TripleState>();
  const writes = new Map<string, TripleWrite>();
  for (const fact of facts) {
    const key = tripleKey(fact);
    let write = writes.get(key);
    if (!write) {
      writes.set(key, (write = { key, triple: { entity: fact.entity, relation: fact.relation, scope: fact.scope }, facts: [] }));
      states.set(key, emptyTripleState(false));
    }
    write.facts.push(fact);
  }
  const all = [...writes.values()];
  // Conflicts are never recorded on system relations (applyFacts skips them), so their triples,
  // such as the bookkeeping facts' own, need no contradiction lookups.
  const contested = all.filter((w) => !isSystemRelation(w.triple.relation));
  if (contested.length) await loadContradictions(tx, states, contested.map((w) => w.triple), now);

  const early = all.filter((w) => needsWholeTriple(states.get(w.key)!, w.facts, now, 'before heads'));
  const rest = all.filter((w) => !early.includes(w));
  await loadWholeHeads(tx, states, early, facts);
  if (rest.length) {
    await loadHeadsOf(tx, states, rest);
    await loadOwnedConflicts(tx, states, rest);
  }
  const late = rest.filter((w) => needsWholeTriple(states.get(w.key)!, w.facts, now, 'after heads'));
  await loadWholeHeads(tx, states, late, facts);
  await loadUnresolvedConflicts(tx, states, [...early, ...late]);

  // Only an import can write below the newest HLC, so only it needs the triple-wide retraction marks.
  if (withRetractionMarks) {
    const marks = await tx.$queryRaw<(Triple & { hlc_wall: bigint; hlc_counter: number })[]>`
      SELECT DISTINCT ON (f.entity, f.relation, f.scope) f.entity, f.relation, f.scope, f.hlc_wall, f.hlc_counter
      FROM facts f JOIN ${tripleArrays(all.map((w) => w.triple))} ON f.entity = t.entity AND f.relation = t.relation AND f.scope = t.scope
      WHERE f.retracts_triple
      ORDER BY f.entity, f.relation, f.scope, f.hlc_wall DESC, f.hlc_counter DESC`;
    for (const row of marks) states.get(tripleKey(row))!.retractedThrough = hlcOf(row.hlc_wall, row.hlc_counter);
    await loadConflictsLoggedAt(tx, states);
  }
  return states;
}

/**
 * For an import: when the log last changed each loaded unresolved conflict (its newest status fact),
 * so a closing the import records is logged after it (ConflictState.loggedAt).
 */
async function loadConflictsLoggedAt(tx: Tx, states: Map<string, TripleState>): Promise<void> {
  const conflicts = new Map([...states.values()].flatMap((s) => s.unresolved.map((c) => [c.id, c] as const)));
  if (!conflicts.size) return;
  const rows = await tx.$queryRaw<{ entity: string; hlc_wall: bigint; hlc_counter: number }[]>`
    SELECT DISTINCT ON (entity) entity, hlc_wall, hlc_counter FROM facts
    WHERE entity = ANY(${sqlArray([...conflicts.keys()])}::text[]) AND relation = 'stigmem:conflict:status'
    ORDER BY entity, hlc_wall DESC, hlc_counter DESC`;
  for (const row of rows) conflicts.get(row.entity)!.loggedAt = hlcOf(row.hlc_wall, row.hlc_counter) ?? undefined;
}

/** The whole state of each triple (every head with confidence > 0, its contradiction, conflicts and decisions). */
export async function loadWholeTriples(tx: Tx, triples: Triple[], now: Date): Promise<Map<string, TripleState>> {
  const states = new Map<string, TripleState>();
  const writes: TripleWrite[] = [];
  for (const triple of triples) {
    const key = tripleKey(triple);
    if (states.has(key)) continue;
    states.set(key, emptyTripleState(false));
    writes.push({ key, triple: { entity: triple.entity, relation: triple.relation, scope: triple.scope }, facts: [] });
  }
  if (!writes.length) return states;
  await loadContradictions(tx, states, writes.map((w) => w.triple), now);
  await loadWholeHeads(tx, states, writes, []);
  await loadUnresolvedConflicts(tx, states, writes);
  return states;
}

/** Open conflicts up to which a contradiction's triple is loaded whole whatever is written (needsWholeTriple). */
const SMALL_CONTRADICTION = 32;

/**
 * Whether the contradiction rules may look past the values written and the anchor in this triple:
 * a value may join with no open contradiction to join (its partner is any live value), a decision's
 * cooldown may exclude the anchor as partner, the anchor may be written (retracted, handing over),
 * is not live any more, the written values own every open conflict (the contradiction may close),
 * or a retraction may retract the whole triple.
 */
function needsWholeTriple(state: TripleState, facts: PreparedFact[], now: Date, stage: 'before heads' | 'after heads'): boolean {
  const contested = !isSystemRelation(facts[0].relation);
  const open = state.contradiction?.status === 'open' ? state.contradiction : null;
  if (stage === 'before heads') {
    if (!contested) return false;
    if (!open) return facts.some((f) => f.confidence > 0);
    // A small contradiction is read whole at once: the same statements as a triple without one, where
    // the partial path would take two more (on PGlite each costs more than the rows it saves).
    return open.openConflicts <= SMALL_CONTRADICTION || state.decisions.length > 0 || facts.some((f) => f.valueHash === open.anchor);
  }
  const retractsTriple = facts.some((f) => {
    if (f.confidence > 0) return false;
    const asserted = state.heads.get(f.valueHash)?.firstAsserted;
    return !asserted || compareHlc(asserted, f.hlc) >= 0 || facts.some((g) => g.valueHash === f.valueHash && g.confidence > 0);
  });
  if (retractsTriple || !contested || !open) return retractsTriple;
  const anchor = open.anchor ? state.heads.get(open.anchor) : undefined;
  if (!anchor || !isLive(anchor, now)) return true;
  const owners = new Set(state.unresolved.map((c) => c.valueBHash));
  return owners.size >= open.openConflicts;
}

/** Heads of `writes`' triples with confidence > 0, and of the values written; the triples are then complete (but for their conflicts). */
async function loadWholeHeads(tx: Tx, states: Map<string, TripleState>, writes: TripleWrite[], facts: PreparedFact[]): Promise<void> {
  if (!writes.length) return;
  const hashes = [...new Set(facts.map((f) => f.valueHash))];
  // Each triple looked up on its own (LATERAL … OFFSET 0 keeps the planner from flattening it into
  // a join): with the triples in an unnest() it has no statistics for, PostgreSQL picked a merge join
  // on (scope, relation) that filtered 1.4M row pairs for a 1,000-fact batch at 35k facts (293 ms);
  // one index lookup per triple takes 7 ms, whatever the statistics say.
  const heads = await tx.$queryRaw<HeadRow[]>`
    SELECT vh.* FROM ${tripleArrays(writes.map((w) => w.triple))}
    CROSS JOIN LATERAL (
      SELECT ${HEAD_COLUMNS} FROM value_heads vh
      WHERE vh.entity = t.entity AND vh.relation = t.relation AND vh.scope = t.scope
        AND (vh.confidence > 0 OR vh.value_hash = ANY(${sqlArray(hashes)}::text[]))
      OFFSET 0
    ) vh`;
  for (const row of heads) states.get(tripleKey(row))!.heads.set(row.value_hash, headFromRow(row));
  for (const w of writes) states.get(w.key)!.complete = true;
}

/** Heads of the values written to `writes`' triples and of their anchors, each on the primary key. */
async function loadHeadsOf(tx: Tx, states: Map<string, TripleState>, writes: TripleWrite[]): Promise<void> {
  const keys: (Triple & { hash: string })[] = [];
  for (const w of writes) {
    const hashes = new Set(w.facts.map((f) => f.valueHash));
    const anchor = states.get(w.key)!.contradiction?.anchor;
    if (anchor) hashes.add(anchor);
    for (const hash of hashes) keys.push({ ...w.triple, hash });
  }
  const heads = await tx.$queryRaw<HeadRow[]>`
    SELECT ${HEAD_COLUMNS} FROM unnest(${sqlArray(keys.map((k) => k.entity))}::text[], ${sqlArray(keys.map((k) => k.relation))}::text[],
      ${sqlArray(keys.map((k) => k.scope))}::text[], ${sqlArray(keys.map((k) => k.hash))}::text[]) AS k(entity, relation, scope, hash)
    JOIN value_heads vh ON vh.entity = k.entity AND vh.relation = k.relation AND vh.scope = k.scope AND vh.value_hash = k.hash`;
  for (const row of heads) states.get(tripleKey(row))!.heads.set(row.value_hash, headFromRow(row));
}

/** Every column but search (a tsvector, which the driver adapters cannot decode and a write never needs). */
const HEAD_COLUMNS = Prisma.sql`vh.entity, vh.relation, vh.scope, vh.value_hash, vh.value, vh.value_type, vh.ref_target, vh.head_fact_id, vh.head_hlc_wall,
  vh.head_hlc_counter, vh.head_confidence, vh.head_source, vh.head_timestamp, vh.valid_until, vh.triple_retracted, vh.confidence,
  vh.base_fact_id, vh.base_hlc_wall, vh.base_hlc_counter, vh.base_confidence, vh.base_timestamp, vh.base_source,
  vh.first_asserted_hlc_wall, vh.first_asserted_hlc_counter, vh.integrity_score, vh.integrity_flags, vh.integrity_version, vh.quarantined`;

/** A row of `contradictions`, every column. */
export interface ContradictionRow {
  id: string;
  entity: string;
  relation: string;
  scope: string;
  status: string;
  anchor_value_hash: string | null;
  open_conflicts: number;
  opened_at: Date;
  resolved_at: Date | null;
  resolved_by: string | null;
  resolution_note: string | null;
  resolution_basis: string | null;
  resolution_fact_id: string | null;
  winner_value_hash: string | null;
  decided_value_hashes: string[] | null;
  do_not_reopen_before: Date | null;
}

type ContradictionStateRow = Pick<ContradictionRow, 'id' | 'entity' | 'relation' | 'scope' | 'status' | 'anchor_value_hash' | 'open_conflicts' | 'opened_at' | 'decided_value_hashes' | 'do_not_reopen_before'>;

/** The open contradiction of each triple, and the decisions whose cooldown runs. */
async function loadContradictions(tx: Tx, states: Map<string, TripleState>, triples: Triple[], now: Date): Promise<void> {
  const rows = await tx.$queryRaw<ContradictionStateRow[]>`
    SELECT x.* FROM ${tripleArrays(triples)}
    CROSS JOIN LATERAL (
      (SELECT x.id, x.entity, x.relation, x.scope, x.status, x.anchor_value_hash, x.open_conflicts, x.opened_at, x.decided_value_hashes, x.do_not_reopen_before
       FROM contradictions x WHERE x.entity = t.entity AND x.relation = t.relation AND x.scope = t.scope AND x.status = 'open')
      UNION ALL
      (SELECT x.id, x.entity, x.relation, x.scope, x.status, x.anchor_value_hash, x.open_conflicts, x.opened_at, x.decided_value_hashes, x.do_not_reopen_before
       FROM contradictions x WHERE x.entity = t.entity AND x.relation = t.relation AND x.scope = t.scope
         AND x.do_not_reopen_before > ${now} AND cardinality(x.decided_value_hashes) > 1)
    ) x`;
  for (const row of rows) {
    const state = states.get(tripleKey(row))!;
    if (row.status === 'open') {
      state.contradiction = {
        id: row.id,
        entity: row.entity,
        relation: row.relation,
        scope: row.scope,
        status: 'open',
        anchor: row.anchor_value_hash,
        openConflicts: Number(row.open_conflicts),
        openedAt: row.opened_at,
      };
    } else {
      state.decisions.push({ values: new Set(row.decided_value_hashes ?? []), until: new Date(row.do_not_reopen_before!) });
    }
  }
}

const conflictFromRow = (row: ConflictRow): ConflictState => ({
  id: row.id,
  contradictionId: row.contradiction_id,
  entity: row.entity,
  relation: row.relation,
  scope: row.scope,
  factAId: row.fact_a_id,
  factBId: row.fact_b_id,
  valueAHash: row.value_a_hash,
  valueBHash: row.value_b_hash,
  pairKey: row.pair_key,
  status: 'unresolved',
  detectedAt: row.detected_at,
});

const CONFLICT_COLUMNS = Prisma.sql`c.id, c.contradiction_id, c.entity, c.relation, c.scope, c.fact_a_id, c.fact_b_id, c.value_a_hash, c.value_b_hash, c.pair_key, c.detected_at`;

/** The unresolved conflicts the values written own, on the (contradiction, status, value B) index. */
async function loadOwnedConflicts(tx: Tx, states: Map<string, TripleState>, writes: TripleWrite[]): Promise<void> {
  const keys: { contradiction: string; hash: string }[] = [];
  for (const w of writes) {
    const open = states.get(w.key)!.contradiction;
    if (open) for (const hash of new Set(w.facts.map((f) => f.valueHash))) keys.push({ contradiction: open.id, hash });
  }
  if (!keys.length) return;
  const rows = await tx.$queryRaw<ConflictRow[]>`
    SELECT ${CONFLICT_COLUMNS} FROM unnest(${sqlArray(keys.map((k) => k.contradiction))}::text[], ${sqlArray(keys.map((k) => k.hash))}::text[]) AS k(contradiction, hash)
    JOIN conflicts c ON c.contradiction_id = k.contradiction AND c.status = 'unresolved' AND c.value_b_hash = k.hash`;
  for (const row of rows) states.get(tripleKey(row))!.unresolved.push(conflictFromRow(row));
}

/** Every unresolved conflict of the open contradictions of `writes`' triples (which replaces the owned ones loaded before). */
async function loadUnresolvedConflicts(tx: Tx, states: Map<string, TripleState>, writes: TripleWrite[]): Promise<void> {
  const ids = writes.flatMap((w) => states.get(w.key)!.contradiction?.id ?? []);
  if (!ids.length) return;
  const rows = await tx.$queryRaw<ConflictRow[]>`
    SELECT ${CONFLICT_COLUMNS} FROM conflicts c WHERE c.contradiction_id = ANY(${sqlArray(ids)}::text[]) AND c.status = 'unresolved'`;
  for (const w of writes) states.get(w.key)!.unresolved = [];
  for (const row of rows) states.get(tripleKey(row))!.unresolved.push(conflictFromRow(row));
}

function headFromRow(row: HeadRow): HeadState {
  return {
    entity: row.entity,
    relation: row.relation,
    scope: row.scope,
    valueHash: row.value_hash,
    value: row.value,
    valueType: row.value_type,
    refTarget: row.ref_target,
    headFactId: row.head_fact_id,
    headHlc: hlcOf(row.head_hlc_wall, row.head_hlc_counter)!,
    headConfidence: Number(row.head_confidence),
    headSource: row.head_source,
    headTimestamp: row.head_timestamp,
    validUntil: row.valid_until,
    tripleRetracted: row.triple_retracted,
    confidence: Number(row.confidence),
    baseFactId: row.base_fact_id,
    baseHlc: hlcOf(row.base_hlc_wall, row.base_hlc_counter),
    baseConfidence: row.base_confidence === null ? null : Number(row.base_confidence),
    baseTimestamp: row.base_timestamp,
    baseSource: row.base_source,
    firstAsserted: hlcOf(row.first_asserted_hlc_wall, row.first_asserted_hlc_counter),
    integrityScore: row.integrity_score === null ? null : Number(row.integrity_score),
    integrityFlags: row.integrity_flags ?? [],
    integrityVersion: row.integrity_version,
    quarantined: row.quarantined,
  };
}

const iso = (d: Date | null | undefined) => (d ? d.toISOString() : null);

export async function insertFacts(tx: Tx, facts: PreparedFact[]): Promise<void> {
  if (!facts.length) return;
  await tx.$executeRaw`
    INSERT INTO facts (id, entity, relation, scope, value, value_type, value_hash, ref_target, source, timestamp, hlc_wall, hlc_counter, valid_until, confidence, retracts_triple,
      write_mode, derived_from, session_id)
    SELECT * FROM unnest(
      ${sqlArray(facts.map((f) => f.id))}::text[], ${sqlArray(facts.map((f) => f.entity))}::text[], ${sqlArray(facts.map((f) => f.relation))}::text[],
      ${sqlArray(facts.map((f) => f.scope))}::text[], ${sqlArray(facts.map((f) => JSON.stringify(f.value)))}::jsonb[], ${sqlArray(facts.map((f) => f.valueType))}::text[],
      ${sqlArray(facts.map((f) => f.valueHash))}::text[], ${sqlArray(facts.map((f) => f.refTarget))}::text[], ${sqlArray(facts.map((f) => f.source))}::text[],
      ${sqlArray(facts.map((f) => iso(f.timestamp)))}::timestamptz[], ${sqlArray(facts.map((f) => String(f.hlc.wall)))}::bigint[], ${sqlArray(facts.map((f) => f.hlc.counter))}::int[],
      ${sqlArray(facts.map((f) => iso(f.validUntil)))}::timestamptz[], ${sqlArray(facts.map((f) => f.confidence))}::float8[], ${sqlArray(facts.map((f) => f.retractsTriple))}::boolean[],
      ${sqlArray(facts.map((f) => f.writeMode ?? 'assert'))}::text[], ${sqlArray(facts.map((f) => JSON.stringify(f.derivedFrom ?? [])))}::jsonb[], ${sqlArray(facts.map((f) => f.sessionId ?? null))}::text[])`;
}

export async function upsertHeads(tx: Tx, heads: HeadState[]): Promise<void> {
  if (!heads.length) return;
  const wall = (h: Hlc | null) => (h ? String(h.wall) : null);
  const counter = (h: Hlc | null) => (h ? h.counter : null);
  // integrity_flags (text[] per head) goes as one JSON array of arrays (an array literal cannot nest ragged
  // arrays), or not at all when no head has any, as in almost every batch.
  const flags = heads.some((h) => h.integrityFlags.length)
    ? Prisma.sql`ARRAY(SELECT jsonb_array_elements_text(${JSON.stringify(heads.map((h) => h.integrityFlags))}::jsonb -> (u.n::int - 1)))`
    : Prisma.sql`ARRAY[]::text[]`;
  await tx.$executeRaw`
    INSERT INTO value_heads (entity, relation, scope, value_hash, value, value_type, ref_target, head_fact_id, head_hlc_wall, head_hlc_counter,
      head_confidence, head_source, head_timestamp, valid_until, triple_retracted, confidence, base_fact_id, base_hlc_wall, base_hlc_counter,
      base_confidence, base_timestamp, base_source, first_asserted_hlc_wall, first_asserted_hlc_counter, integrity_score, integrity_version, quarantined,
      integrity_flags, search)
    SELECT u.entity, u.relation, u.scope, u.value_hash, u.value, u.value_type, u.ref_target, u.head_fact_id, u.head_hlc_wall, u.head_hlc_counter,
      u.head_confidence, u.head_source, u.head_timestamp, u.valid_until, u.triple_retracted, u.confidence, u.base_fact_id, u.base_hlc_wall, u.base_hlc_counter,
      u.base_confidence, u.base_timestamp, u.base_source, u.first_asserted_hlc_wall, u.first_asserted_hlc_counter, u.integrity_score, u.integrity_version, u.quarantined,
      ${flags}, ${searchVectorSql('u')}
    FROM unnest(
      ${sqlArray(heads.map((h) => h.entity))}::text[], ${sqlArray(heads.map((h) => h.relation))}::text[], ${sqlArray(heads.map((h) => h.scope))}::text[],
      ${sqlArray(heads.map((h) => h.valueHash))}::text[], ${sqlArray(heads.map((h) => JSON.stringify(h.value)))}::jsonb[], ${sqlArray(heads.map((h) => h.valueType))}::text[],
      ${sqlArray(heads.map((h) => h.refTarget))}::text[], ${sqlArray(heads.map((h) => h.headFactId))}::text[], ${sqlArray(heads.map((h) => wall(h.headHlc)))}::bigint[],
      ${sqlArray(heads.map((h) => h.headHlc.counter))}::int[], ${sqlArray(heads.map((h) => h.headConfidence))}::float8[], ${sqlArray(heads.map((h) => h.headSource))}::text[],
      ${sqlArray(heads.map((h) => iso(h.headTimestamp)))}::timestamptz[], ${sqlArray(heads.map((h) => iso(h.validUntil)))}::timestamptz[],
      ${sqlArray(heads.map((h) => h.tripleRetracted))}::boolean[], ${sqlArray(heads.map((h) => h.confidence))}::float8[], ${sqlArray(heads.map((h) => h.baseFactId))}::text[],
      ${sqlArray(heads.map((h) => wall(h.baseHlc)))}::bigint[], ${sqlArray(heads.map((h) => counter(h.baseHlc)))}::int[], ${sqlArray(heads.map((h) => h.baseConfidence))}::float8[],
      ${sqlArray(heads.map((h) => iso(h.baseTimestamp)))}::timestamptz[], ${sqlArray(heads.map((h) => h.baseSource))}::text[],
      ${sqlArray(heads.map((h) => wall(h.firstAsserted)))}::bigint[], ${sqlArray(heads.map((h) => counter(h.firstAsserted)))}::int[],
      ${sqlArray(heads.map((h) => h.integrityScore))}::float8[], ${sqlArray(heads.map((h) => h.integrityVersion))}::int[], ${sqlArray(heads.map((h) => h.quarantined))}::boolean[])
      WITH ORDINALITY AS u(entity, relation, scope, value_hash, value, value_type, ref_target, head_fact_id, head_hlc_wall, head_hlc_counter,
        head_confidence, head_source, head_timestamp, valid_until, triple_retracted, confidence, base_fact_id, base_hlc_wall, base_hlc_counter,
        base_confidence, base_timestamp, base_source, first_asserted_hlc_wall, first_asserted_hlc_counter, integrity_score, integrity_version, quarantined, n)
    -- search is left as inserted: the value of a value head never changes, and an unindexed update stays heap-only.
    ON CONFLICT (entity, relation, scope, value_hash) DO UPDATE SET
      value = EXCLUDED.value, head_fact_id = EXCLUDED.head_fact_id, head_hlc_wall = EXCLUDED.head_hlc_wall,
      head_hlc_counter = EXCLUDED.head_hlc_counter, head_confidence = EXCLUDED.head_confidence, head_source = EXCLUDED.head_source,
      head_timestamp = EXCLUDED.head_timestamp, valid_until = EXCLUDED.valid_until, triple_retracted = EXCLUDED.triple_retracted,
      confidence = EXCLUDED.confidence, base_fact_id = EXCLUDED.base_fact_id, base_hlc_wall = EXCLUDED.base_hlc_wall,
      base_hlc_counter = EXCLUDED.base_hlc_counter, base_confidence = EXCLUDED.base_confidence, base_timestamp = EXCLUDED.base_timestamp,
      base_source = EXCLUDED.base_source, first_asserted_hlc_wall = EXCLUDED.first_asserted_hlc_wall,
      first_asserted_hlc_counter = EXCLUDED.first_asserted_hlc_counter, quarantined = EXCLUDED.quarantined,
      -- A head inspected before keeps its result when this write carried none (the same text, the same answer).
      integrity_score = coalesce(EXCLUDED.integrity_score, value_heads.integrity_score),
      integrity_flags = CASE WHEN EXCLUDED.integrity_version IS NULL THEN value_heads.integrity_flags ELSE EXCLUDED.integrity_flags END,
      integrity_version = coalesce(EXCLUDED.integrity_version, value_heads.integrity_version)`;
}

/** The conflicts a write opened; each carries its two facts' sources (the Sources page's counts, docs/decisions.md § Maintained source figures). */
export async function insertConflicts(tx: Tx, conflicts: ConflictState[]): Promise<void> {
  if (!conflicts.length) return;
  await tx.$executeRaw`
    INSERT INTO conflicts (id, contradiction_id, entity, relation, scope, fact_a_id, fact_b_id, value_a_hash, value_b_hash, pair_key, status, detected_at,
      source_a, source_b)
    SELECT u.*, 'unresolved', ${conflicts[0].detectedAt}::timestamptz,
      (SELECT f.source FROM facts f WHERE f.id = u.fact_a_id), (SELECT f.source FROM facts f WHERE f.id = u.fact_b_id)
    FROM unnest(
      ${sqlArray(conflicts.map((c) => c.id))}::text[], ${sqlArray(conflicts.map((c) => c.contradictionId))}::text[],
      ${sqlArray(conflicts.map((c) => c.entity))}::text[], ${sqlArray(conflicts.map((c) => c.relation))}::text[],
      ${sqlArray(conflicts.map((c) => c.scope))}::text[], ${sqlArray(conflicts.map((c) => c.factAId))}::text[], ${sqlArray(conflicts.map((c) => c.factBId))}::text[],
      ${sqlArray(conflicts.map((c) => c.valueAHash))}::text[], ${sqlArray(conflicts.map((c) => c.valueBHash))}::text[], ${sqlArray(conflicts.map((c) => c.pairKey))}::text[])
      AS u(id, contradiction_id, entity, relation, scope, fact_a_id, fact_b_id, value_a_hash, value_b_hash, pair_key)`;
}

/** The contradictions a write opened or changed: one statement, inserted or updated by id. */
export async function upsertContradictions(tx: Tx, contradictions: ContradictionState[]): Promise<void> {
  if (!contradictions.length) return;
  const list = (pick: (c: ContradictionState) => string | number | null) => sqlArray(contradictions.map(pick));
  await tx.$executeRaw`
    INSERT INTO contradictions (id, entity, relation, scope, status, anchor_value_hash, open_conflicts, opened_at, resolved_at, resolved_by,
      resolution_basis, resolution_fact_id, decided_value_hashes)
    SELECT u.*, ARRAY[]::text[] FROM unnest(${list((c) => c.id)}::text[], ${list((c) => c.entity)}::text[], ${list((c) => c.relation)}::text[],
      ${list((c) => c.scope)}::text[], ${list((c) => c.status)}::text[], ${list((c) => c.anchor)}::text[], ${list((c) => c.openConflicts)}::int[],
      ${list((c) => iso(c.openedAt))}::timestamptz[], ${list((c) => iso(c.resolvedAt))}::timestamptz[], ${list((c) => c.resolvedBy ?? null)}::text[],
      ${list((c) => c.resolutionBasis ?? null)}::text[], ${list((c) => c.resolutionFactId ?? null)}::text[])
      AS u(id, entity, relation, scope, status, anchor_value_hash, open_conflicts, opened_at, resolved_at, resolved_by, resolution_basis, resolution_fact_id)
    ON CONFLICT (id) DO UPDATE SET status = EXCLUDED.status, anchor_value_hash = EXCLUDED.anchor_value_hash, open_conflicts = EXCLUDED.open_conflicts,
      resolved_at = EXCLUDED.resolved_at, resolved_by = EXCLUDED.resolved_by, resolution_basis = EXCLUDED.resolution_basis,
      resolution_fact_id = EXCLUDED.resolution_fact_id`;
}

/** Conflicts closed because a write retracted one side: resolved, basis "retracted", no cooldown. */
export async function closeConflictsByRetraction(tx: Tx, conflicts: ConflictState[]): Promise<void> {
  if (!conflicts.length) return;
  await tx.$executeRaw`
    UPDATE conflicts c SET status = 'resolved', resolution_basis = 'retracted', resolved_at = u.resolved_at,
      resolved_by = u.resolved_by, resolution_fact_id = u.fact_id
    FROM unnest(${sqlArray(conflicts.map((c) => c.id))}::text[], ${sqlArray(conflicts.map((c) => iso(c.resolvedAt)))}::timestamptz[],
      ${sqlArray(conflicts.map((c) => c.resolvedBy ?? null))}::text[], ${sqlArray(conflicts.map((c) => c.resolutionFactId ?? null))}::text[]) AS u(id, resolved_at, resolved_by, fact_id)
    WHERE c.id = u.id AND c.status = 'unresolved'`;
}

