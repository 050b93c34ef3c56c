import { getDb } from '../db/prisma';
import { type FactRecord, type FactRow, toFactRecord } from '../facts/fact-record';
import { contradictedColumn } from '../facts/query-facts';
import { notFound } from '../errors/domain-error';
import { type ConflictRecord, toConflictRecords } from './conflict-record';
import { getConflictRow } from './list-conflicts';

// GET /v1/conflicts/:id: the pair, the suggestion, the triple's whole history (every fact by HLC:
// who asserted what, when, with what confidence) and, for decided conflicts, the decision.

/** The newest facts of the triple shown; a triple with a longer history says how many were left out. */
const HISTORY_LIMIT = 500;

export interface ConflictDetail extends ConflictRecord {
  history: FactRecord[];
  history_total: number;
  resolution: { basis: string | null; note: string | null; by: string | null; at: string | null; cooldown_until: string | null; resolution_fact_id: string | null } | null;
}

export async function getConflict(id: string): Promise<ConflictDetail> {
  const row = await getConflictRow(id);
  if (!row) throw notFound('conflict_not_found', `no conflict with id ${id}`);
  const db = await getDb();
  const [record] = await toConflictRecords(db, [row]);
  const history = await db.$queryRaw<(FactRow & { total: bigint })[]>`
    SELECT * FROM (
      SELECT f.id, f.entity, f.relation, f.scope, f.value, f.source, f.timestamp, f.hlc_wall, f.hlc_counter, f.valid_until, f.confidence,
           f.write_mode, f.derived_from, f.session_id,
             ${contradictedColumn(new Date())} AS contradicted, count(*) OVER () AS total
      FROM facts f WHERE f.entity = ${row.entity} AND f.relation = ${row.relation} AND f.scope = ${row.scope}
      ORDER BY f.hlc_wall DESC, f.hlc_counter DESC LIMIT ${HISTORY_LIMIT}
    ) h ORDER BY h.hlc_wall, h.hlc_counter`;
  return {
    ...record,
    history: history.map(toFactRecord),
    history_total: history.length ? Number(history[0].total) : 0,
    resolution:
      record.status === 'unresolved'
        ? null
        : {
            basis: record.resolution_basis,
            note: record.resolution_note,
            by: record.resolved_by,
            at: record.resolved_at,
            cooldown_until: record.do_not_reopen_before,
            resolution_fact_id: record.resolution_fact_id,
          },
  };
}
