import { Prisma } from '../generated/prisma/client';
import { getDb, type Tx } from '../db/prisma';
import type { FactScope } from '../facts/scope';
import { databaseKind } from '../db/connection';
import type { AsOf } from './as-of';
import { createSlots, type Slots } from './slots';
import { countedEntityLivenessSql } from '../facts/entity-liveness';

// Time travel by replaying the log (docs/decisions.md § Time travel). Inside one transaction on the
// primary, temporary relations named like the node's — `facts` and `value_heads` (views over the real
// tables), `entity_liveness` (a view counting it from those heads), `contradictions` and `conflicts`
// (small tables) — hold the state as of the instant, for the scopes asked about. A temporary relation
// comes first on PostgreSQL's search path, so the node's own read functions (lint, facts, synthesis,
// context, cards), unchanged, answer from that state: one definition of every number, now and then.
// The transaction is rolled back at the end, whatever happens, so nothing of it outlives the read.
//
// The state as of an instant, from the immutable log:
// - facts: the rows with an HLC at or below the instant's;
// - value heads: those of a triple no fact touched after the instant are today's; the others are
//   replayed: per value, its newest fact by then (HLC, then fact id), retracted when it asserts the
//   value and a triple-wide retraction of the triple came after it (the write path marks only live
//   heads); a head in quarantine now is hidden then too (quarantine judges the text, whenever it was
//   written); its integrity result is the value's (the text's);
// - conflicts and contradictions: by the status facts each conflict's life wrote to the log.

class RolledBack<T> {
  constructor(readonly value: T) {}
}

const TX_OPTIONS = { timeout: 300_000, maxWait: 30_000 } as const;

/**
 * Replays at once per instance: one on PGlite (its one session is held for the whole read, so two
 * would hold every other request twice as long), two on PostgreSQL (each holds a connection of the
 * pool). A burst of as_of reads waits its turn instead of starving the node.
 */
let slots: Slots | null = null;
const replaySlots = () => (slots ??= createSlots(databaseKind() === 'postgres' ? 2 : 1));

/** What to replay: the scopes, and (for a read about one entity's own facts) that entity alone. */
export interface Replayed {
  scopes: readonly FactScope[];
  entity?: string;
}

/**
 * Runs `work` against the state as of `asOf` of what `replayed` names; `work` gets the instant to
 * judge expiry at. Setting up reads the facts written since the instant (the triples they touched
 * are replayed); `work`'s own reads go through the views.
 */
export async function atInstant<T>(asOf: AsOf, replayed: Replayed, work: (tx: Tx, at: Date) => Promise<T>): Promise<T> {
  const db = await getDb();
  try {
    await replaySlots().run(() => db.$transaction(async (tx) => {
      await shadowState(tx, asOf, replayed);
      throw new RolledBack(await work(tx, asOf.instant));
    }, TX_OPTIONS));
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
  const bound = Prisma.sql`(${BigInt(asOf.hlc.wall)}::bigint, ${asOf.hlc.counter}::int)`;

  // facts: a view (no copy), the real rows up to the instant. A view takes no bind parameters, so it
  // reads them from settings local to this transaction.
  await tx.$queryRaw`SELECT set_config('stigmem.as_of_wall', ${String(asOf.hlc.wall)}, true), set_config('stigmem.as_of_counter', ${String(asOf.hlc.counter)}, true),
    set_config('stigmem.as_of_scopes', ${`{${scopes.join(',')}}`}, true), set_config('stigmem.as_of_entity', ${entity ?? ''}, true)`;
  await tx.$executeRaw(Prisma.sql`
    CREATE TEMPORARY VIEW facts AS SELECT f.* FROM ${real('facts')} f
    WHERE f.scope = ANY(current_setting('stigmem.as_of_scopes')::text[])
      AND (f.hlc_wall, f.hlc_counter) <= (current_setting('stigmem.as_of_wall')::bigint, current_setting('stigmem.as_of_counter')::int)
      -- One entity's facts, and the status facts of its conflicts (their entity is the conflict's id).
      AND (current_setting('stigmem.as_of_entity') = '' OR f.entity = current_setting('stigmem.as_of_entity')
        OR f.entity IN (SELECT c.id FROM ${real('conflicts')} c WHERE c.entity = current_setting('stigmem.as_of_entity')))`);

  // value_heads: a triple no fact has touched since the instant has the heads it has now; the others
  // are replayed from their facts up to the instant.
  const inScope = (alias: string) =>
    Prisma.sql`${Prisma.raw(alias)}.scope = ANY(${[...scopes]}::text[]) ${entity === undefined ? Prisma.empty : Prisma.sql`AND ${Prisma.raw(alias)}.entity = ${entity}`}`;
  await tx.$executeRaw(Prisma.sql`CREATE TEMPORARY TABLE changed_triples ON COMMIT DROP AS
    SELECT DISTINCT g.entity, g.relation, g.scope FROM ${real('facts')} g WHERE ${inScope('g')} AND (g.hlc_wall, g.hlc_counter) > ${bound}`);
  await tx.$executeRaw`CREATE INDEX ON changed_triples (entity, relation, scope)`;
  await tx.$executeRaw`ANALYZE changed_triples`;
  await tx.$executeRaw(Prisma.sql`CREATE TEMPORARY TABLE replayed_heads (LIKE ${real('value_heads')} INCLUDING DEFAULTS) ON COMMIT DROP`);
  const HEAD_COLUMNS = Prisma.raw(`entity, relation, scope, value_hash, value, value_type, ref_target, head_fact_id, head_hlc_wall, head_hlc_counter,
    head_confidence, head_source, head_timestamp, valid_until, triple_retracted, confidence, integrity_score, integrity_flags, integrity_version, quarantined`);
  await tx.$executeRaw(Prisma.sql`
    INSERT INTO replayed_heads (${HEAD_COLUMNS})
    SELECT h.entity, h.relation, h.scope, h.value_hash, h.value, h.value_type, h.ref_target, h.id, h.hlc_wall, h.hlc_counter,
      h.confidence, h.source, h.timestamp, h.valid_until, h.retracted,
      CASE WHEN h.retracted OR h.held THEN 0 ELSE h.confidence END,
      cur.integrity_score, coalesce(cur.integrity_flags, ARRAY[]::text[]), cur.integrity_version, h.held
    FROM (
      SELECT f.*, coalesce(f.confidence > 0 AND NOT f.held AND (tr.hlc_wall, tr.hlc_counter) > (f.hlc_wall, f.hlc_counter), false) AS retracted
      FROM (SELECT n.*, EXISTS (SELECT 1 FROM ${real('quarantine')} q WHERE q.fact_id = n.id AND q.status <> 'promoted') AS held
            FROM (SELECT DISTINCT ON (x.entity, x.relation, x.scope, x.value_hash) x.* FROM changed_triples c
                  JOIN ${real('facts')} x ON x.entity = c.entity AND x.relation = c.relation AND x.scope = c.scope AND (x.hlc_wall, x.hlc_counter) <= ${bound}
                  ORDER BY x.entity, x.relation, x.scope, x.value_hash, x.hlc_wall DESC, x.hlc_counter DESC, x.id DESC) n) f
      LEFT JOIN (SELECT DISTINCT ON (x.entity, x.relation, x.scope) x.entity, x.relation, x.scope, x.hlc_wall, x.hlc_counter FROM changed_triples c
                 JOIN ${real('facts')} x ON x.entity = c.entity AND x.relation = c.relation AND x.scope = c.scope AND (x.hlc_wall, x.hlc_counter) <= ${bound}
                 WHERE x.retracts_triple ORDER BY x.entity, x.relation, x.scope, x.hlc_wall DESC, x.hlc_counter DESC) tr
        ON tr.entity = f.entity AND tr.relation = f.relation AND tr.scope = f.scope
    ) h
    LEFT JOIN ${real('value_heads')} cur ON cur.entity = h.entity AND cur.relation = h.relation AND cur.scope = h.scope AND cur.value_hash = h.value_hash`);

  await tx.$executeRaw`CREATE INDEX ON replayed_heads (entity, relation, scope, value_hash)`;
  await tx.$executeRaw`CREATE INDEX ON replayed_heads (scope, entity, relation)`;
  // The view: the real heads of untouched triples (their indexes serve every read) and the replayed ones.
  await tx.$executeRaw(Prisma.sql`
    CREATE TEMPORARY VIEW value_heads AS
    SELECT vh.* FROM ${real('value_heads')} vh
    -- NOT IN over the small table is a hashed lookup per row: cheap in the per-row probes lint makes.
    WHERE (vh.entity, vh.relation, vh.scope) NOT IN (SELECT c.entity, c.relation, c.scope FROM changed_triples c)
    UNION ALL SELECT * FROM replayed_heads`);
  // entity_liveness, which the write path maintains from the heads, counted from the view's heads.
  await tx.$executeRaw(Prisma.sql`CREATE TEMPORARY VIEW entity_liveness AS ${countedEntityLivenessSql()}`);

  // A conflict's life is in the log too: the write that opened it and each decision wrote a
  // `stigmem:conflict:status` fact on the conflict's id (unresolved, then resolved or dismissed). As
  // of the instant, a conflict exists once its first such fact does, was detected when that fact was
  // written, and has the status of its newest; a contradiction opened with its first conflict. A live
  // write's conflict was detected at the write's wall-clock time, which its stored detected_at holds:
  // the fact's timestamp is its HLC's wall, which runs ahead (and repeats, its counter rising) while
  // the node's clock is ahead of the wall after an import from ahead, and would order two conflicts
  // otherwise than the stored times do. An import's conflict was detected at its facts' past HLC.
  // (Ordered by HLC, like every fact: wall-clock columns such as resolved_at would disagree with the
  // HLCs when the node's clock runs ahead after an import from a node whose clock is ahead.)
  for (const table of ['contradictions', 'conflicts']) {
    await tx.$executeRaw(Prisma.sql`CREATE TEMPORARY TABLE ${Prisma.raw(table)} (LIKE ${real(table)} INCLUDING DEFAULTS INCLUDING INDEXES) ON COMMIT DROP`);
  }
  await tx.$executeRaw(Prisma.sql`
    INSERT INTO pg_temp.conflicts (id, entity, relation, scope, fact_a_id, fact_b_id, value_a_hash, value_b_hash, pair_key, status, detected_at,
      resolved_at, resolved_by, resolution_note, resolution_basis, resolution_fact_id, do_not_reopen_before, contradiction_id)
    SELECT c.id, c.entity, c.relation, c.scope, c.fact_a_id, c.fact_b_id, c.value_a_hash, c.value_b_hash, c.pair_key,
      CASE WHEN st.open THEN 'unresolved' ELSE c.status END, least(c.detected_at, st.first),
      CASE WHEN st.open THEN NULL ELSE c.resolved_at END, CASE WHEN st.open THEN NULL ELSE c.resolved_by END,
      CASE WHEN st.open THEN NULL ELSE c.resolution_note END, CASE WHEN st.open THEN NULL ELSE c.resolution_basis END,
      CASE WHEN st.open THEN NULL ELSE c.resolution_fact_id END, CASE WHEN st.open THEN NULL ELSE c.do_not_reopen_before END, c.contradiction_id
    FROM (SELECT entity AS id, (array_agg(value->>'v' ORDER BY hlc_wall DESC, hlc_counter DESC, id DESC))[1] = 'unresolved' AS open, min(timestamp) AS first
          FROM pg_temp.facts WHERE relation = 'stigmem:conflict:status' GROUP BY entity) st
    JOIN ${real('conflicts')} c ON c.id = st.id`);

  // A contradiction is open while one of its conflicts is unresolved: as of the instant, by theirs.
  // A triple has at most one open contradiction. Values imported out of order can leave two of them
  // open at one past instant (an import judged its values against what the node held when it ran:
  // docs/decisions.md § Time travel); as of that instant they are one contradiction, the earlier one,
  // holding the open conflicts of both.
  await tx.$executeRaw(Prisma.sql`
    CREATE TEMPORARY TABLE contradiction_replay ON COMMIT DROP AS
    SELECT s.*, first_value(s.id) OVER (PARTITION BY s.entity, s.relation, s.scope, s.is_open ORDER BY s.first, s.id) AS rep,
      sum(s.open) OVER (PARTITION BY s.entity, s.relation, s.scope, s.is_open)::int AS triple_open
    FROM (SELECT x.id, x.entity, x.relation, x.scope, o.open, o.first, o.open > 0 OR x.status = 'open' AS is_open
          FROM (SELECT contradiction_id, count(*) FILTER (WHERE status = 'unresolved')::int AS open, min(detected_at) AS first FROM pg_temp.conflicts
                WHERE contradiction_id IS NOT NULL GROUP BY contradiction_id) o
          JOIN ${real('contradictions')} x ON x.id = o.contradiction_id) s`);
  await tx.$executeRaw(Prisma.sql`
    INSERT INTO pg_temp.contradictions (id, entity, relation, scope, status, anchor_value_hash, open_conflicts, opened_at, resolved_at, resolved_by,
      resolution_note, resolution_basis, resolution_fact_id, winner_value_hash, decided_value_hashes, do_not_reopen_before)
    SELECT x.id, x.entity, x.relation, x.scope, CASE WHEN r.open > 0 THEN 'open' ELSE x.status END, x.anchor_value_hash,
      CASE WHEN r.is_open THEN r.triple_open ELSE r.open END, r.first,
      CASE WHEN r.open > 0 THEN NULL ELSE x.resolved_at END, CASE WHEN r.open > 0 THEN NULL ELSE x.resolved_by END,
      CASE WHEN r.open > 0 THEN NULL ELSE x.resolution_note END, CASE WHEN r.open > 0 THEN NULL ELSE x.resolution_basis END,
      CASE WHEN r.open > 0 THEN NULL ELSE x.resolution_fact_id END, CASE WHEN r.open > 0 THEN NULL ELSE x.winner_value_hash END,
      CASE WHEN r.open > 0 THEN ARRAY[]::text[] ELSE x.decided_value_hashes END, CASE WHEN r.open > 0 THEN NULL ELSE x.do_not_reopen_before END
    FROM contradiction_replay r JOIN ${real('contradictions')} x ON x.id = r.id
    WHERE NOT r.is_open OR r.id = r.rep`);
  await tx.$executeRaw`
    UPDATE pg_temp.conflicts c SET contradiction_id = r.rep FROM contradiction_replay r
    WHERE r.is_open AND r.id <> r.rep AND c.contradiction_id = r.id AND c.status = 'unresolved'`;

  // Autovacuum never sees a temporary table: without statistics the planner guesses badly.
  await tx.$executeRaw`ANALYZE replayed_heads, pg_temp.contradictions, pg_temp.conflicts`;
}
