import { randomUUID } from 'node:crypto';
import { Prisma } from '../generated/prisma/client';
import type { Principal } from '../auth/principal';
import { getDb, TX_OPTIONS } from '../db/prisma';
import type { FactValue } from '../facts/fact-value';
import type { FactScope } from '../facts/scope';
import { badRequest, notFound } from '../errors/domain-error';
import { hlcTextSql, synthesisCtes } from './synthesis-sql';
import { DIFF_KINDS, type DiffKind, type DiffRow } from './snapshot-diff';
import { formatInstant } from '../time/instant';

// Saved syntheses (dashboard): stored apart from facts, written only by an explicit save, copied
// from the synthesis query in one INSERT … SELECT; compared by a FULL JOIN on (entity, relation).

export interface SnapshotRecord {
  snapshot_id: string;
  scope: string;
  label: string | null;
  created_by: string;
  created_at: string;
  entry_count: number;
  contradiction_count: number;
}

type SnapshotRow = { id: string; scope: string; label: string | null; createdBy: string; createdAt: Date; entryCount: number; contradictionCount: number };
const toRecord = (s: SnapshotRow): SnapshotRecord => ({
  snapshot_id: s.id,
  scope: s.scope,
  label: s.label,
  created_by: s.createdBy,
  created_at: formatInstant(s.createdAt),
  entry_count: s.entryCount,
  contradiction_count: s.contradictionCount,
});

export async function saveSnapshot(scope: FactScope, label: string | null, principal: Principal): Promise<SnapshotRecord> {
  const db = await getDb();
  return db.$transaction(async (tx) => {
    const id = randomUUID();
    const now = new Date();
    await tx.synthesisSnapshot.create({ data: { id, scope, label, createdBy: principal.entityUri, createdAt: now, entryCount: 0, contradictionCount: 0 } });
    await tx.$executeRaw(Prisma.sql`
      ${synthesisCtes({ scope, includeExpired: false, now })}
      INSERT INTO synthesis_snapshot_entries (snapshot_id, entity, relation, value, value_hash, confidence, hlc, fact_id, contradicted, alt_value, alt_confidence, conflict_id)
      SELECT ${id}, entity, relation, value, value_hash, confidence,
        ${hlcTextSql('head_hlc_wall', 'head_hlc_counter')}, head_fact_id,
        conflict_id IS NOT NULL, alt_value, alt_confidence, conflict_id
      FROM entries`);
    const [counts] = await tx.$queryRaw<{ n: bigint; c: bigint }[]>`
      SELECT count(*) AS n, count(*) FILTER (WHERE contradicted) AS c FROM synthesis_snapshot_entries WHERE snapshot_id = ${id}`;
    const saved = await tx.synthesisSnapshot.update({ where: { id }, data: { entryCount: Number(counts.n), contradictionCount: Number(counts.c) } });
    return toRecord(saved);
  }, TX_OPTIONS);
}

/** The snapshots of `scopes` (the readable ones, or the one asked for), newest first. */
export async function listSnapshots(scopes: FactScope[]): Promise<SnapshotRecord[]> {
  const db = await getDb();
  const rows = await db.synthesisSnapshot.findMany({ where: { scope: { in: scopes } }, orderBy: { createdAt: 'desc' }, take: 200 });
  return rows.map(toRecord);
}

async function findSnapshot(id: string) {
  const db = await getDb();
  const snapshot = await db.synthesisSnapshot.findUnique({ where: { id } });
  if (!snapshot) throw notFound('snapshot_not_found', `no snapshot with id ${id}`);
  return snapshot;
}

export async function getSnapshot(id: string, offset = 0, limit = 200) {
  const snapshot = await findSnapshot(id);
  const db = await getDb();
  const entries = await db.synthesisSnapshotEntry.findMany({ where: { snapshotId: id }, orderBy: [{ entity: 'asc' }, { relation: 'asc' }], skip: offset, take: limit });
  return {
    ...toRecord(snapshot),
    entries: entries.map((e) => ({
      entity: e.entity,
      relation: e.relation,
      value: e.value as FactValue,
      confidence: e.confidence,
      hlc: e.hlc,
      fact_id: e.factId,
      contradicted: e.contradicted,
      ...(e.contradicted ? { alt_value: e.altValue as FactValue | null, alt_confidence: e.altConfidence, conflict_id: e.conflictId } : {}),
    })),
    offset,
    limit,
  };
}

export async function deleteSnapshot(id: string): Promise<void> {
  await findSnapshot(id);
  const db = await getDb();
  await db.synthesisSnapshot.delete({ where: { id } });
}

/** What changed from one snapshot to a later one of the same scope; each list capped at `limit`. */
export async function diffSnapshots(fromId: string, toId: string, limit = 500) {
  const [from, to] = [await findSnapshot(fromId), await findSnapshot(toId)];
  if (from.scope !== to.scope) throw badRequest('scope_mismatch', `snapshots are of different scopes (${from.scope}, ${to.scope})`);
  const db = await getDb();
  const rows = await db.$queryRaw<(DiffRow & { kind: DiffKind; total: bigint })[]>`
    WITH pairs AS (
      SELECT coalesce(a.entity, b.entity) AS entity, coalesce(a.relation, b.relation) AS relation,
        a.value AS from_value, b.value AS to_value, a.value_hash AS from_hash, b.value_hash AS to_hash,
        a.confidence AS from_confidence, b.confidence AS to_confidence, a.contradicted AS from_contradicted, b.contradicted AS to_contradicted,
        coalesce(b.conflict_id, a.conflict_id) AS conflict_id
      FROM (SELECT * FROM synthesis_snapshot_entries WHERE snapshot_id = ${fromId}) a
      FULL JOIN (SELECT * FROM synthesis_snapshot_entries WHERE snapshot_id = ${toId}) b ON a.entity = b.entity AND a.relation = b.relation
    ),
    kinds AS (
      SELECT 'added' AS kind, * FROM pairs WHERE from_hash IS NULL
      UNION ALL SELECT 'removed', * FROM pairs WHERE to_hash IS NULL
      UNION ALL SELECT 'value_changed', * FROM pairs WHERE from_hash <> to_hash
      UNION ALL SELECT 'newly_contradicted', * FROM pairs WHERE to_contradicted AND NOT coalesce(from_contradicted, false)
      UNION ALL SELECT 'no_longer_contradicted', * FROM pairs WHERE from_contradicted AND NOT coalesce(to_contradicted, false)
    )
    SELECT * FROM (
      SELECT kinds.*, count(*) OVER (PARTITION BY kind) AS total,
        row_number() OVER (PARTITION BY kind ORDER BY entity COLLATE "C", relation COLLATE "C") AS rn
      FROM kinds
    ) k WHERE rn <= ${limit} ORDER BY kind, rn`;
  const result = Object.fromEntries(DIFF_KINDS.map((k) => [k, [] as DiffRow[]])) as Record<DiffKind, DiffRow[]>;
  const counts = Object.fromEntries(DIFF_KINDS.map((k) => [k, 0])) as Record<DiffKind, number>;
  for (const { kind, total, ...row } of rows) {
    const { from_hash: _f, to_hash: _t, rn: _rn, ...wire } = row as typeof row & { from_hash?: string; to_hash?: string; rn?: bigint };
    result[kind].push(wire);
    counts[kind] = Number(total);
  }
  return { from: toRecord(from), to: toRecord(to), ...result, counts };
}
