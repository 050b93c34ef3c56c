import { getDb } from '../db/prisma';
import { sqlArray } from '../db/sql-array';
import { INTEGRITY_VERSION, inspectValueOnce } from './inspect-value';

// Value heads written before the detectors existed (or by an older version of them) carry no
// integrity result: this pass inspects them in batches, so the `injection` and `sensitive` checks
// cover a knowledge base that was there before. The scheduler's leader runs it on every tick within a
// time budget (lib/health-history/scheduler.ts). A head the write path inspects meanwhile keeps its
// own result: the update only fills heads still without one. Needs no write locks: it changes no fact
// and no liveness, only the integrity columns.

const BATCH = 1_000;

interface PendingHead {
  entity: string;
  relation: string;
  scope: string;
  value_hash: string;
  value: { type: string; v?: unknown };
}

/** Inspects up to `budgetMs` worth of batches; returns how many heads it filled. */
export async function inspectPendingHeads(budgetMs = 5_000): Promise<number> {
  const db = await getDb();
  const started = Date.now();
  let filled = 0;
  while (Date.now() - started < budgetMs) {
    const heads = await db.$queryRaw<PendingHead[]>`
      SELECT entity, relation, scope, value_hash, value FROM value_heads WHERE integrity_version IS NULL LIMIT ${BATCH}`;
    if (!heads.length) break;
    const results = heads.map((h) => inspectValueOnce(h.value_hash, h.value));
    const flags = JSON.stringify(results.map((r) => r.flags));
    await db.$executeRaw`
      UPDATE value_heads vh SET integrity_score = u.score, integrity_version = ${INTEGRITY_VERSION},
        integrity_flags = ARRAY(SELECT jsonb_array_elements_text(${flags}::jsonb -> (u.n::int - 1)))
      FROM unnest(${sqlArray(heads.map((h) => h.entity))}::text[], ${sqlArray(heads.map((h) => h.relation))}::text[], ${sqlArray(heads.map((h) => h.scope))}::text[],
        ${sqlArray(heads.map((h) => h.value_hash))}::text[], ${sqlArray(results.map((r) => r.score))}::float8[]) WITH ORDINALITY AS u(entity, relation, scope, value_hash, score, n)
      WHERE vh.entity = u.entity AND vh.relation = u.relation AND vh.scope = u.scope AND vh.value_hash = u.value_hash AND vh.integrity_version IS NULL`;
    filled += heads.length;
    if (heads.length < BATCH) break;
  }
  return filled;
}
