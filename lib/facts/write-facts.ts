import { randomUUID } from 'node:crypto';
import { getDb, TX_OPTIONS, type Tx } from '../db/prisma';
import { conflict as conflictError } from '../errors/domain-error';
import { noteTableChanges } from '../db/maintenance/maintenance-scheduler';
import { applyFacts } from './apply-facts';
import type { ApplyResult, ConflictState, ContradictionState, PreparedFact, TripleState } from './triple-state';
import { tripleKey } from './triple-state';
import { type FactRecord, toFactRecord } from './fact-record';
import { refTarget } from './fact-value';
import { valueHash } from './hash-value';
import type { Hlc } from '../time/hlc';
import { newestHlc, reserveHlcs } from './issue-hlcs';
import { lockTargets } from './write-locks';
import { sqlState } from '../db/sql-state';
import type { FactInput } from './parse-fact-input';
import { isSystemRelation, SYSTEM_SOURCE } from './system-sources';
import { closeConflictsByRetraction, insertConflicts, insertFacts, loadTripleStates, upsertContradictions, upsertHeads } from './triple-store';
import { observeLockHeld, observeWriteBatch } from '../metrics/registry';
import { sqlArray } from '../db/sql-array';
import { type InspectedWrite, inspectWrites } from './inspect-writes';
import { withSpan } from '../observability/tracing';

// The one write path: single assert, batch, import, conflict resolution and the seed all come
// through writeFactsInTx, so every write records and closes conflicts the same way. The decay sweep
// writes its narrow kind of fact with one SQL statement of its own (lib/decay/write-sweep.ts), under
// the same locks and clock, and its conflicts' bookkeeping facts through writeConflictBookkeeping.
// Writers lock what they touch (write-locks.ts) and reserve their HLCs from the node's clock
// (issue-hlcs.ts): writes to different entities run side by side.

export interface WriteOptions {
  /** import keeps given id, timestamp and hlc. */
  mode: 'assert' | 'import';
  now?: Date;
}

export interface WriteResult {
  facts: FactRecord[];
  opened: ConflictState[];
  closed: ConflictState[];
  contradictions: ContradictionState[];
  tableChanges: TableChanges;
}

export async function writeFacts(inputs: FactInput[], options: WriteOptions): Promise<WriteResult> {
  const db = await getDb();
  const result = await db.$transaction((tx) => writeFactsInTx(tx, inputs, options), TX_OPTIONS).catch((error: unknown) => {
    // Imports of one id into different entities hold different locks: the second meets the primary key.
    if (options.mode === 'import' && sqlState(error) === '23505') throw conflictError('duplicate_fact_id', 'a fact with one of these ids was written by another import at the same time');
    throw error;
  });
  // After the commit, so an ANALYZE it triggers sees these rows. (The conflict actions' few rows
  // reach maintenance through the database's own counters and the periodic run.)
  noteTableChanges(result.tableChanges);
  return result;
}

/**
 * Prepares `inputs` for the store with HLCs reserved from the node's clock; an import's fact keeps
 * the HLC it brings (and moves the clock past it).
 */
async function prepareAll(tx: Tx, inputs: FactInput[], mode: WriteOptions['mode'], inspected?: InspectedWrite[]): Promise<PreparedFact[]> {
  const given = (input: FactInput) => (mode === 'import' ? input.hlc : undefined);
  const run = await reserveHlcs(tx, inputs.filter((input) => !given(input)).length, newestHlc(inputs.map(given)));
  return inputs.map((input, i) => prepare(input, given(input) ?? run.take(), inspected?.[i]));
}

function prepare(input: FactInput, hlc: Hlc, inspected?: InspectedWrite): PreparedFact {
  return {
    id: input.id ?? randomUUID(),
    entity: input.entity,
    relation: input.relation,
    scope: input.scope,
    value: input.value,
    valueType: input.value.type,
    valueHash: inspected?.hash ?? valueHash(input.value),
    refTarget: refTarget(input.value),
    source: input.source,
    timestamp: input.timestamp ?? new Date(hlc.wall),
    hlc,
    validUntil: input.validUntil,
    confidence: input.confidence,
    retractsTriple: false,
    writeMode: input.writeMode ?? 'assert',
    derivedFrom: input.derivedFrom ?? [],
    sessionId: input.sessionId ?? null,
    integrity: inspected ? inspected.integrity : isSystemRelation(input.relation) ? { score: 0, flags: [] } : undefined,
    quarantined: !!inspected?.quarantine,
  };
}

/** Bookkeeping facts for conflicts opened and closed by a write (docs/semantics.md). */
/**
 * The bookkeeping facts of the conflicts a write opened and closed. In an import they carry the HLC
 * at which the log held what opened or closed the conflict (ConflictState.loggedAt), not the import's
 * own: the facts came with their past HLCs, and the conflict's life is read from the log by HLC
 * (time travel, replayed health history). A live write's are issued by the clock.
 */
export function conflictSystemFacts(opened: ConflictState[], closed: ConflictState[], imported = false): FactInput[] {
  const fact = (c: ConflictState, relation: string, v: string, at: Hlc | undefined): FactInput => ({
    ...(imported && at ? { hlc: at } : {}),
    entity: c.id,
    relation,
    value: { type: 'string', v },
    source: SYSTEM_SOURCE,
    confidence: 1,
    scope: c.scope as FactInput['scope'],
    validUntil: null,
  });
  return [
    ...opened.flatMap((c) => [fact(c, 'stigmem:conflict:between', `${c.factAId} ${c.factBId}`, c.loggedAt), fact(c, 'stigmem:conflict:status', 'unresolved', c.loggedAt)]),
    ...closed.map((c) => fact(c, 'stigmem:conflict:status', 'resolved', c.closedLoggedAt)),
  ];
}

export const newConflictId = () => `stigmem:conflict:${randomUUID()}`;
export const newContradictionId = () => `stigmem:contradiction:${randomUUID()}`;
const ids = { newConflictId, newContradictionId };

/**
 * Applies the bookkeeping facts of conflicts a write opened and closed. Their triples are the
 * conflicts' own entities: a conflict opened by this write has a new id, so only the triples of
 * closed conflicts are loaded.
 */
async function applyBookkeeping(tx: Tx, system: PreparedFact[], opened: ConflictState[], now: Date): Promise<ApplyResult> {
  const fresh = new Set(opened.map((c) => c.id));
  const stored = system.filter((f) => !fresh.has(f.entity));
  const states = stored.length ? await loadTripleStates(tx, stored, now, false) : new Map<string, TripleState>();
  return applyFacts(system, states, { now, ...ids });
}

/** Writes the system facts for conflicts a write opened and closed; call holding the locks of their triples' entities. */
export async function writeConflictBookkeeping(tx: Tx, opened: ConflictState[], closed: ConflictState[], now: Date): Promise<void> {
  const system = await prepareAll(tx, conflictSystemFacts(opened, closed), 'assert');
  // The sweep reports its rows to maintenance itself.
  if (system.length) await persist(tx, system, await applyBookkeeping(tx, system, opened, now), { facts: 0, value_heads: 0, conflicts: 0, contradictions: 0 });
}

/** The quarantine entries of the facts that went to quarantine as they were written (inspect-writes.ts). */
async function quarantineAtWrite(tx: Tx, facts: PreparedFact[], inspected: InspectedWrite[]): Promise<void> {
  const entries = facts.flatMap((f, i) => {
    const q = inspected[i].quarantine;
    return q ? [{ fact: f, reason: q.reason, integrity: inspected[i].integrity! }] : [];
  });
  if (!entries.length) return;
  await tx.$executeRaw`
    INSERT INTO quarantine (fact_id, entity, relation, scope, value_hash, source, status, reason, signals, score, requested_by)
    SELECT u.fact_id, u.entity, u.relation, u.scope, u.value_hash, u.source, 'pending', u.reason,
      ARRAY(SELECT jsonb_array_elements_text(${JSON.stringify(entries.map((e) => e.integrity.flags))}::jsonb -> (u.n::int - 1))), u.score, ${SYSTEM_SOURCE}
    FROM unnest(${sqlArray(entries.map((e) => e.fact.id))}::text[], ${sqlArray(entries.map((e) => e.fact.entity))}::text[], ${sqlArray(entries.map((e) => e.fact.relation))}::text[],
      ${sqlArray(entries.map((e) => e.fact.scope))}::text[], ${sqlArray(entries.map((e) => e.fact.valueHash))}::text[], ${sqlArray(entries.map((e) => e.fact.source))}::text[],
      ${sqlArray(entries.map((e) => e.reason))}::text[], ${sqlArray(entries.map((e) => e.integrity.score))}::float8[])
      WITH ORDINALITY AS u(fact_id, entity, relation, scope, value_hash, source, reason, score, n)`;
}

/** Rows written per table, for database maintenance (lib/db/maintenance). */
export type TableChanges = Record<'facts' | 'value_heads' | 'conflicts' | 'contradictions', number>;

/** One set-based statement per table. */
async function persist(tx: Tx, facts: PreparedFact[], result: ApplyResult, changes: TableChanges): Promise<void> {
  await insertFacts(tx, facts);
  await upsertHeads(tx, result.dirtyHeads);
  // Contradictions first: a conflict names its contradiction.
  await upsertContradictions(tx, result.contradictions);
  await insertConflicts(tx, result.opened);
  await closeConflictsByRetraction(tx, result.closed);
  changes.facts += facts.length;
  changes.value_heads += result.dirtyHeads.length;
  changes.conflicts += result.opened.length + result.closed.length;
  changes.contradictions += result.contradictions.length;
}

/**
 * The wire record of a fact just written. Its row's fields named one by one: spreading the prepared
 * fact into a row cost ~15 µs a fact (a batch of 1,000 held its locks 15 ms longer), this ~2 µs.
 */
function preparedRecord(f: PreparedFact, contradicted: boolean): FactRecord {
  return toFactRecord({
    id: f.id,
    entity: f.entity,
    relation: f.relation,
    scope: f.scope,
    value: f.value,
    source: f.source,
    timestamp: f.timestamp,
    hlc_wall: f.hlc.wall,
    hlc_counter: f.hlc.counter,
    valid_until: f.validUntil,
    confidence: f.confidence,
    contradicted,
    write_mode: f.writeMode,
    derived_from: f.derivedFrom,
    session_id: f.sessionId,
  });
}

function contradicted(fact: PreparedFact, states: Map<string, TripleState>, now: Date): boolean {
  const state = states.get(tripleKey(fact));
  const head = state?.heads.get(fact.valueHash);
  if (!state || !head || head.headFactId !== fact.id) return false;
  const live = head.confidence > 0 && (!head.validUntil || head.validUntil >= now);
  return live && state.contradiction?.status === 'open';
}

/** The write path inside the caller's transaction, traced as one statement group. */
export function writeFactsInTx(tx: Tx, inputs: FactInput[], options: WriteOptions): Promise<WriteResult> {
  return withSpan('stigmem.write', { 'stigmem.facts': inputs.length, 'stigmem.write_mode': options.mode }, () => applyWrites(tx, inputs, options));
}

async function applyWrites(tx: Tx, inputs: FactInput[], options: WriteOptions): Promise<WriteResult> {
  const now = options.now ?? new Date();
  observeWriteBatch(inputs.length);
  // Before the locks: the detectors run while other writers write.
  const inspected = await inspectWrites(tx, inputs);
  const locked = await lockTargets(tx, inputs);
  const lockedAt = performance.now();
  try {
    return await writeLocked(tx, inputs, options, inspected, now);
  } finally {
    if (locked) observeLockHeld((performance.now() - lockedAt) / 1000);
  }
}

/** The write, holding the locks of its entities (or scopes). */
async function writeLocked(tx: Tx, inputs: FactInput[], options: WriteOptions, inspected: InspectedWrite[], now: Date): Promise<WriteResult> {
  if (options.mode === 'import') {
    const ids = inputs.flatMap((i) => (i.id ? [i.id] : []));
    if (ids.length) {
      const taken = await tx.$queryRaw<{ id: string }[]>`SELECT id FROM facts WHERE id = ANY(${sqlArray(ids)}::text[]) LIMIT 1`;
      if (taken.length) throw conflictError('duplicate_fact_id', `a fact with id ${taken[0].id} already exists`);
    }
  }
  const facts = await prepareAll(tx, inputs, options.mode, inspected);
  const tableChanges: TableChanges = { facts: 0, value_heads: 0, conflicts: 0, contradictions: 0 };
  const states = await loadTripleStates(tx, facts, now, options.mode === 'import');
  const user = applyFacts(facts, states, { now, ...ids });
  // Bookkeeping of an import keeps the HLC it was logged at (conflictSystemFacts); a live write's is issued.
  const system = await prepareAll(tx, conflictSystemFacts(user.opened, user.closed, options.mode === 'import'), 'import');
  if (system.some((f) => states.has(tripleKey(f)))) {
    // The batch itself wrote to a conflict's bookkeeping triple: its bookkeeping must see that write.
    await persist(tx, facts, user, tableChanges);
    await persist(tx, system, await applyBookkeeping(tx, system, user.opened, now), tableChanges);
    await quarantineAtWrite(tx, facts, inspected);
  } else {
    // Otherwise the bookkeeping facts go out in the same statements as the batch.
    const bookkeeping = await applyBookkeeping(tx, system, user.opened, now);
    await persist(tx, [...facts, ...system], {
      opened: [...user.opened, ...bookkeeping.opened],
      closed: [...user.closed, ...bookkeeping.closed],
      dirtyHeads: [...user.dirtyHeads, ...bookkeeping.dirtyHeads],
      contradictions: [...user.contradictions, ...bookkeeping.contradictions],
    }, tableChanges);
    await quarantineAtWrite(tx, facts, inspected);
  }
  // Conflicts opened and closed within one batch were inserted, then closed, above.
  return {
    facts: facts.map((f) => preparedRecord(f, contradicted(f, states, now))),
    opened: user.opened,
    closed: user.closed,
    contradictions: user.contradictions,
    tableChanges,
  };
}
