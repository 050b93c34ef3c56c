import { Prisma } from '../generated/prisma/client';
import { getDb, type Tx } from '../db/prisma';
import type { FactScope } from '../facts/scope';
import type { AsOf } from './as-of';

// Time travel by replaying the log (docs/decisions.md § Time travel). Inside one transaction on the
// primary, temporary tables named like the derived ones — `facts`, `value_heads`, `contradictions`,
// `conflicts` — are filled with the state as of the instant, for the scopes asked about. A temporary
// table comes first on PostgreSQL's search path, so the node's own read functions (lint, facts,
// synthesis), unchanged, answer from that state: one definition of every number, now and then. The
// transaction is rolled back at the end, whatever happens, so nothing of it outlives the read.
//
// The state as of an instant, from the immutable log:
// - facts: the rows with an HLC at or below the instant's;
// - value heads: per value, its newest such fact (HLC, then fact id), retracted when it asserts the
//   value and a triple-wide retraction of the triple came after it (the write path marks only live
//   heads); a head in quarantine now is hidden then too (quarantine judges the text, whenever it was
//   written); its integrity result is the value's (the text's);
// - conflicts and contradictions: by the status facts each conflict's life wrote to the log.

class RolledBack<T> {
  constructor(readonly value: T) {}
}

const TX_OPTIONS = { timeout: 300_000, maxWait: 30_000 } as const;

/** What to replay: the scopes, and (for a read about one entity's own facts) that entity alone. */
export interface Replayed {
  scopes: readonly FactScope[];
  entity?: string;
}

/**
 * Runs `work` against the state as of `asOf` of what `replayed` names; `work` gets the instant to
 * judge expiry at. The replay reads every fact of those scopes (of that entity) up to the instant.
 */
export async function atInstant<T>(asOf: AsOf, replayed: Replayed, work: (tx: Tx, at: Date) => Promise<T>): Promise<T> {
  const db = await getDb();
  try {
    await db.$transaction(async (tx) => {
      await shadowState(tx, asOf, replayed);
      throw new RolledBack(await work(tx, asOf.instant));
    }, TX_OPTIONS);
  } catch (outcome) {
    if (outcome instanceof RolledBack) return outcome.value as T;
    throw outcome;
  }
  throw new Error('unreachable: the time-travel transaction always rolls back');
}

async function shadowState(tx: Tx, asOf: AsOf, { scopes, entity }: Replayed): Promise<void> {
  // The node's own tables, named explicitly before the temporary ones hide them.
  const [{ schema }] = await tx.$queryRaw<{ schema: string }[]>`SELECT current_schema() AS schema`;
  const real = (table: string) => Prisma.raw(`"${schema.replace(/"/g, '""')}"."${table}"`);
  const scoped = Prisma.sql`scope = ANY(${[...scopes]}::text[])`;
  // One entity's facts, and the status facts of its conflicts (entity = the conflict's id).
  const inScopes = entity === undefined
    ? scoped
    : Prisma.sql`${scoped} AND (entity = ${entity} OR entity IN (SELECT c.id FROM ${real('conflicts')} c WHERE c.entity = ${entity} AND c.${scoped}))`;
  const upTo = Prisma.sql`(hlc_wall, hlc_counter) <= (${BigInt(asOf.hlc.wall)}::bigint, ${asOf.hlc.counter}::int)`;

  for (const table of ['facts', 'value_heads', 'contradictions', 'conflicts']) {
    await tx.$executeRaw(Prisma.sql`CREATE TEMPORARY TABLE ${Prisma.raw(table)} (LIKE ${real(table)} INCLUDING DEFAULTS) ON COMMIT DROP`);
  }
  await tx.$executeRaw(Prisma.sql`INSERT INTO pg_temp.facts SELECT * FROM ${real('facts')} WHERE ${inScopes} AND ${upTo}`);
  await tx.$executeRaw`CREATE INDEX ON pg_temp.facts (id)`;
  await tx.$executeRaw`CREATE INDEX ON pg_temp.facts (scope, hlc_wall DESC, hlc_counter DESC, id DESC)`;
  await tx.$executeRaw`CREATE INDEX ON pg_temp.facts (entity, relation, scope, value_hash, hlc_wall DESC, hlc_counter DESC)`;

  await tx.$executeRaw(Prisma.sql`
    INSERT INTO pg_temp.value_heads (entity, relation, scope, value_hash, value, value_type, ref_target, head_fact_id, head_hlc_wall, head_hlc_counter,
      head_confidence, head_source, head_timestamp, valid_until, triple_retracted, confidence, integrity_score, integrity_flags, integrity_version, quarantined)
    SELECT h.entity, h.relation, h.scope, h.value_hash, h.value, h.value_type, h.ref_target, h.id, h.hlc_wall, h.hlc_counter,
      h.confidence, h.source, h.timestamp, h.valid_until, h.retracted,
      CASE WHEN h.retracted OR h.held THEN 0 ELSE h.confidence END,
      cur.integrity_score, coalesce(cur.integrity_flags, ARRAY[]::text[]), cur.integrity_version, h.held
    FROM (
      SELECT f.*, coalesce(f.confidence > 0 AND NOT f.held AND (tr.hlc_wall, tr.hlc_counter) > (f.hlc_wall, f.hlc_counter), false) AS retracted
      FROM (SELECT n.*, EXISTS (SELECT 1 FROM ${real('quarantine')} q WHERE q.fact_id = n.id AND q.status <> 'promoted') AS held
            FROM (SELECT DISTINCT ON (entity, relation, scope, value_hash) * FROM pg_temp.facts
                  ORDER BY entity, relation, scope, value_hash, hlc_wall DESC, hlc_counter DESC, id DESC) n) f
      LEFT JOIN (SELECT DISTINCT ON (entity, relation, scope) entity, relation, scope, hlc_wall, hlc_counter FROM pg_temp.facts
                 WHERE retracts_triple ORDER BY entity, relation, scope, hlc_wall DESC, hlc_counter DESC) tr
        ON tr.entity = f.entity AND tr.relation = f.relation AND tr.scope = f.scope
    ) h
    LEFT JOIN ${real('value_heads')} cur ON cur.entity = h.entity AND cur.relation = h.relation AND cur.scope = h.scope AND cur.value_hash = h.value_hash`);
  await tx.$executeRaw`CREATE UNIQUE INDEX ON pg_temp.value_heads (entity, relation, scope, value_hash)`;
  await tx.$executeRaw`CREATE INDEX ON pg_temp.value_heads (scope, entity, relation)`;
  await tx.$executeRaw`CREATE INDEX ON pg_temp.value_heads (scope, relation)`;
  await tx.$executeRaw`CREATE INDEX ON pg_temp.value_heads (scope, ref_target)`;

  // A conflict's life is in the log too: the write that opened it and each decision wrote a
  // `stigmem:conflict:status` fact on the conflict's id (unresolved, then resolved or dismissed). As
  // of the instant, a conflict exists once its first such fact does and has the status of its newest.
  // (Ordered by HLC, like every fact: wall-clock columns such as resolved_at would disagree with the
  // HLCs when the node's clock runs ahead after an import from a node whose clock is ahead.)
  await tx.$executeRaw(Prisma.sql`
    INSERT INTO pg_temp.conflicts (id, entity, relation, scope, fact_a_id, fact_b_id, value_a_hash, value_b_hash, pair_key, status, detected_at,
      resolved_at, resolved_by, resolution_note, resolution_basis, resolution_fact_id, do_not_reopen_before, contradiction_id)
    SELECT c.id, c.entity, c.relation, c.scope, c.fact_a_id, c.fact_b_id, c.value_a_hash, c.value_b_hash, c.pair_key,
      CASE WHEN st.open THEN 'unresolved' ELSE c.status END, c.detected_at,
      CASE WHEN st.open THEN NULL ELSE c.resolved_at END, CASE WHEN st.open THEN NULL ELSE c.resolved_by END,
      CASE WHEN st.open THEN NULL ELSE c.resolution_note END, CASE WHEN st.open THEN NULL ELSE c.resolution_basis END,
      CASE WHEN st.open THEN NULL ELSE c.resolution_fact_id END, CASE WHEN st.open THEN NULL ELSE c.do_not_reopen_before END, c.contradiction_id
    FROM (SELECT DISTINCT ON (entity) entity AS id, value->>'v' = 'unresolved' AS open FROM pg_temp.facts WHERE relation = 'stigmem:conflict:status'
          ORDER BY entity, hlc_wall DESC, hlc_counter DESC, id DESC) st
    JOIN ${real('conflicts')} c ON c.id = st.id`);
  await tx.$executeRaw`CREATE INDEX ON pg_temp.conflicts (id)`;
  await tx.$executeRaw`CREATE INDEX ON pg_temp.conflicts (contradiction_id, status, value_b_hash)`;
  await tx.$executeRaw`CREATE INDEX ON pg_temp.conflicts (scope, status)`;

  // A contradiction is open while one of its conflicts is unresolved: as of the instant, by theirs.
  await tx.$executeRaw(Prisma.sql`
    INSERT INTO pg_temp.contradictions (id, entity, relation, scope, status, anchor_value_hash, open_conflicts, opened_at, resolved_at, resolved_by,
      resolution_note, resolution_basis, resolution_fact_id, winner_value_hash, decided_value_hashes, do_not_reopen_before)
    SELECT x.id, x.entity, x.relation, x.scope, CASE WHEN o.open > 0 THEN 'open' ELSE x.status END, x.anchor_value_hash, o.open, x.opened_at,
      CASE WHEN o.open > 0 THEN NULL ELSE x.resolved_at END, CASE WHEN o.open > 0 THEN NULL ELSE x.resolved_by END,
      CASE WHEN o.open > 0 THEN NULL ELSE x.resolution_note END, CASE WHEN o.open > 0 THEN NULL ELSE x.resolution_basis END,
      CASE WHEN o.open > 0 THEN NULL ELSE x.resolution_fact_id END, CASE WHEN o.open > 0 THEN NULL ELSE x.winner_value_hash END,
      CASE WHEN o.open > 0 THEN ARRAY[]::text[] ELSE x.decided_value_hashes END, CASE WHEN o.open > 0 THEN NULL ELSE x.do_not_reopen_before END
    FROM (SELECT contradiction_id, count(*) FILTER (WHERE status = 'unresolved')::int AS open FROM pg_temp.conflicts
          WHERE contradiction_id IS NOT NULL GROUP BY contradiction_id) o
    JOIN ${real('contradictions')} x ON x.id = o.contradiction_id`);
  await tx.$executeRaw`CREATE INDEX ON pg_temp.contradictions (id)`;
  await tx.$executeRaw`CREATE INDEX ON pg_temp.contradictions (entity, relation, scope, status)`;
  await tx.$executeRaw`CREATE INDEX ON pg_temp.contradictions (scope, status, opened_at)`;

  // Autovacuum never sees a temporary table: without statistics the planner guesses badly.
  await tx.$executeRaw`ANALYZE pg_temp.facts, pg_temp.value_heads, pg_temp.contradictions, pg_temp.conflicts`;
}
