import { Prisma } from '../generated/prisma/client';
import { getDb, type DbOrTx } from '../db/prisma';
import { type FactRecord, type FactRow, toFactRecord } from '../facts/fact-record';
import { contradictedColumn, outsideQuarantineSql } from '../facts/query-facts';
import { notFound } from '../errors/domain-error';
import { type ConflictRecord, type ConflictRow } from './conflict-record';
import { type ContradictionRecord, toContradictionRecords } from './contradiction-record';
import { conflictAgeColumns, getContradictionRow, toReviewedConflictRecords } from './list-conflicts';

// GET /v1/conflicts/:id: a conflict (the wire's pair, with its contradiction), or a contradiction
// (every live value, the conflicts that record how they joined); either with the triple's whole
// history (every fact by HLC: who asserted what, when, with what confidence) and, once decided, the
// decision.

/** The newest facts of the triple shown; a triple with a longer history says how many were left out. */
const HISTORY_LIMIT = 500;
/** The newest conflicts of a contradiction listed with it. */
const CONFLICTS_LIMIT = 200;

interface Decided {
  basis: string | null;
  note: string | null;
  by: string | null;
  at: string | null;
  cooldown_until: string | null;
  resolution_fact_id: string | null;
}

export interface ContradictionDetail extends ContradictionRecord {
  conflicts: ConflictRecord[];
  conflicts_total: number;
  history: FactRecord[];
  history_total: number;
  resolution: Decided | null;
}

export interface ConflictDetail extends ConflictRecord {
  contradiction: ContradictionRecord | null;
  history: FactRecord[];
  history_total: number;
  resolution: Decided | null;
}

const decided = (r: { status: string; resolution_basis: string | null; resolution_note: string | null; resolved_by: string | null; resolved_at: string | null; do_not_reopen_before: string | null; resolution_fact_id: string | null }): Decided | null =>
  r.status === 'unresolved'
    ? null
    : { basis: r.resolution_basis, note: r.resolution_note, by: r.resolved_by, at: r.resolved_at, cooldown_until: r.do_not_reopen_before, resolution_fact_id: r.resolution_fact_id };

async function tripleHistory(db: DbOrTx, t: { entity: string; relation: string; scope: string }): Promise<{ history: FactRecord[]; history_total: number }> {
  const history = await db.$queryRaw<(FactRow & { total: bigint })[]>`
    SELECT * FROM (
      SELECT f.id, f.entity, f.relation, f.scope, f.value, f.source, f.timestamp, f.hlc_wall, f.hlc_counter, f.valid_until, f.confidence,
           f.write_mode, f.derived_from, f.session_id,
             ${contradictedColumn(new Date())} AS contradicted, count(*) OVER () AS total
      FROM facts f WHERE f.entity = ${t.entity} AND f.relation = ${t.relation} AND f.scope = ${t.scope} AND ${outsideQuarantineSql('f')}
      ORDER BY f.hlc_wall DESC, f.hlc_counter DESC LIMIT ${HISTORY_LIMIT}
    ) h ORDER BY h.hlc_wall, h.hlc_counter`;
  return { history: history.map(toFactRecord), history_total: history.length ? Number(history[0].total) : 0 };
}

/** The contradiction `id` names (its own id, or one of its conflicts'), whole. */
export async function getContradiction(id: string): Promise<ContradictionDetail> {
  const row = await getContradictionRow(id);
  if (!row) throw notFound('conflict_not_found', `no conflict or contradiction with id ${id}`);
  const db = await getDb();
  const [record] = await toContradictionRecords(db, [row]);
  const conflicts = await db.$queryRaw<(ConflictRow & { total: bigint })[]>(Prisma.sql`
    SELECT c.*, count(*) OVER () AS total FROM conflicts c WHERE c.contradiction_id = ${row.id}
    ORDER BY c.status = 'unresolved' DESC, c.detected_at DESC, c.id LIMIT ${CONFLICTS_LIMIT}`);
  return {
    ...record,
    conflicts: await toReviewedConflictRecords(db, conflicts.map((c) => ({ ...c, age_days: null, aged: false }))),
    conflicts_total: conflicts.length ? Number(conflicts[0].total) : 0,
    ...(await tripleHistory(db, row)),
    resolution: decided(record),
  };
}

export async function getConflict(id: string): Promise<ConflictDetail | ContradictionDetail> {
  if (id.startsWith('stigmem:contradiction:')) return getContradiction(id);
  const db = await getDb();
  const [row] = await db.$queryRaw<(ConflictRow & { age_days: number | null; aged: boolean })[]>`
    SELECT c.*, ${conflictAgeColumns('c', new Date())} FROM conflicts c WHERE c.id = ${id}`;
  if (!row) throw notFound('conflict_not_found', `no conflict with id ${id}`);
  const [record] = await toReviewedConflictRecords(db, [row]);
  const contradictionRow = row.contradiction_id ? await getContradictionRow(row.contradiction_id) : null;
  const [contradiction] = contradictionRow ? await toContradictionRecords(db, [contradictionRow]) : [null];
  return { ...record, contradiction, ...(await tripleHistory(db, row)), resolution: decided(record) };
}
