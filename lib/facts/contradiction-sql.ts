import { Prisma } from '../generated/prisma/client';

// One definition of "contradicted triple" for every read (docs/semantics.md § Contradictions): a
// triple with an open contradiction that holds at least two live values now. Lint's contradiction
// findings, synthesis's contradicted entries, the facts' `contradicted` flag, the review queue and
// the health runs' pending count all read it from here. (An open contradiction whose values expired
// down to one is not contradicted: expiry is not a write, so it stays open until the next one.)

const raw = (alias: string) => Prisma.raw(alias);

/** Whether value head `v` is live at `now`. */
export const liveHeadSql = (v: string, now: Date) => Prisma.sql`(${raw(v)}.confidence > 0 AND (${raw(v)}.valid_until IS NULL OR ${raw(v)}.valid_until >= ${now}))`;

/** The triple of contradiction (or conflict, or fact) `x` holds at least two live values: reads at most two of them. */
export function twoLiveSql(x: string, now: Date): Prisma.Sql {
  return Prisma.sql`(SELECT count(*) FROM (
      SELECT 1 FROM value_heads tl WHERE tl.entity = ${raw(x)}.entity AND tl.relation = ${raw(x)}.relation AND tl.scope = ${raw(x)}.scope
        AND ${liveHeadSql('tl', now)} LIMIT 2) two) = 2`;
}

/** Contradiction `x` makes its triple contradicted at `now`. */
export const contradictedSql = (x: string, now: Date) => Prisma.sql`(${raw(x)}.status = 'open' AND ${twoLiveSql(x, now)})`;

/** The triple of `t` (any row with entity, relation, scope) is contradicted at `now`. */
export function tripleContradictedSql(t: string, now: Date): Prisma.Sql {
  return Prisma.sql`EXISTS (SELECT 1 FROM contradictions tc
    WHERE tc.entity = ${raw(t)}.entity AND tc.relation = ${raw(t)}.relation AND tc.scope = ${raw(t)}.scope AND ${contradictedSql('tc', now)})`;
}

/** Scalar: contradiction `x`'s oldest unresolved conflict, the id its remediations name (resolving it decides them all). */
export const oldestConflictSql = (x: string) => Prisma.sql`(
  SELECT oc.id FROM conflicts oc WHERE oc.contradiction_id = ${raw(x)}.id AND oc.status = 'unresolved' ORDER BY oc.detected_at, oc.id LIMIT 1)`;

/** §3.3's order of a triple's values (as synthesis): higher confidence, then higher HLC, then value hash. */
export const STRONGEST_FIRST = (v: string) =>
  Prisma.sql`${raw(v)}.confidence DESC, ${raw(v)}.head_hlc_wall DESC, ${raw(v)}.head_hlc_counter DESC, ${raw(v)}.value_hash`;

/**
 * LATERAL `alias`: the live values of contradiction `x`'s triple, strongest first, as arrays —
 * fact_ids (heads), value_hashes, values, confidences — and their count n.
 */
export function liveValuesLateral(x: string, now: Date, alias: string): Prisma.Sql {
  const order = STRONGEST_FIRST('lv');
  return Prisma.sql`CROSS JOIN LATERAL (
      SELECT array_agg(lv.head_fact_id ORDER BY ${order}) AS fact_ids, array_agg(lv.value_hash ORDER BY ${order}) AS value_hashes,
        array_agg(lv.value ORDER BY ${order}) AS "values", array_agg(lv.confidence ORDER BY ${order}) AS confidences, count(*)::bigint AS n
      FROM value_heads lv
      WHERE lv.entity = ${raw(x)}.entity AND lv.relation = ${raw(x)}.relation AND lv.scope = ${raw(x)}.scope AND ${liveHeadSql('lv', now)}
    ) ${raw(alias)}`;
}
