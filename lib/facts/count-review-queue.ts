import { Prisma } from '../generated/prisma/client';
import type { Tx } from '../db/prisma';
import type { FactScope } from './scope';
import { contradictedSql } from './contradiction-sql';

// The review queue's figures (docs/semantics.md § Figures), counted in contradicted triples — the
// unit a person decides — for a health run, the review history's "now", the overview, the queue's
// total and /metrics (through the run): one definition, so "pending" is one number everywhere.
// Unresolved conflicts (the wire's records, one per value that joined) are counted beside it, under
// their own name.
//
// The pending figures are read from the maintained synthesis state (docs/decisions.md § Maintained
// review queue): each contradicted triple's row keeps its contradiction and its opening, valid
// over the row's window; rows whose window does not hold `now` are counted again at `now`. So the
// read is the size of the queue, not of every contradiction the scope ever had (each tested for two
// live values). countReviewQueueFull evaluates the definition itself: the verifier the property
// test and the reconciler compare it with.

/** A contradiction open for more than this many days is aged: flagged and sorted first. */
export const AGED_AFTER_DAYS = 14;

const DAY_MS = 86400_000;

/**
 * Days from `since` to `now`, never below 0: a contradiction opened by an instance whose clock runs
 * ahead of the reader's is no younger than new.
 */
export const ageDaysSql = (since: Prisma.Sql, now: Date) => Prisma.sql`greatest(0, extract(epoch FROM (${now}::timestamptz - ${since})) / 86400)`;

/** Whether an open contradiction (or unresolved conflict) that started at `since` is aged at `now`: more than 14 days before. */
export const agedSql = (since: Prisma.Sql, now: Date) => Prisma.sql`${since} < ${new Date(now.getTime() - AGED_AFTER_DAYS * DAY_MS)}`;

export interface ReviewQueueFigures {
  /** Contradicted triples waiting for a decision. */
  contradicted_triples: number;
  aged_contradictions: number;
  mean_pending_age_days: number | null;
  unresolved_conflicts: number;
  dismissed_last_7_days: number;
  dismissed_prev_7_days: number;
}

type Row = { pending: bigint; aged: bigint; mean_age: number | null; week: bigint; prev: bigint; conflicts: bigint };

/** The figures' aggregate over `pending` (a relation with one row per contradicted triple and its contradiction's opened_at). */
function figuresSql(scopes: readonly FactScope[], now: Date, pending: Prisma.Sql): Prisma.Sql {
  const ago = (days: number) => new Date(now.getTime() - days * DAY_MS);
  const inScopes = Prisma.sql`= ANY(${scopes as FactScope[]}::text[])`;
  return Prisma.sql`
    SELECT p.pending, p.aged, p.mean_age, d.week, d.prev,
      (SELECT count(*) FROM conflicts c WHERE c.scope ${inScopes} AND c.status = 'unresolved') AS conflicts
    FROM (
      SELECT count(*) AS pending, count(*) FILTER (WHERE ${agedSql(Prisma.sql`q.opened_at`, now)}) AS aged,
        avg(${ageDaysSql(Prisma.sql`opened_at`, now)}) AS mean_age
      FROM (${pending}) q
    ) p, (
      SELECT count(*) FILTER (WHERE x.resolved_at >= ${ago(7)}) AS week, count(*) FILTER (WHERE x.resolved_at < ${ago(7)}) AS prev
      FROM contradictions x
      WHERE x.scope ${inScopes} AND x.status = 'resolved' AND x.resolution_basis = 'dismissed' AND x.resolved_at >= ${ago(14)}
    ) d`;
}

/**
 * The contradicted triples of `scopes` at `now`, from the maintained state: the contradicted rows
 * whose window holds `now`, and the rows whose window does not, counted again at `now`. Columns:
 * scope, entity, relation, id (the open contradiction), opened_at, value_count (live values).
 */
export function pendingTriplesSql(scopes: readonly FactScope[], now: Date): Prisma.Sql {
  const inScopes = Prisma.sql`st.scope = ANY(${scopes as FactScope[]}::text[])`;
  // The literal bounds are the partial indexes' predicates.
  return Prisma.sql`
    SELECT st.scope, st.entity, st.relation, st.contradiction_id AS id, st.contradicted_since AS opened_at, st.live_count::bigint AS value_count
    FROM synthesis_triples st
    WHERE ${inScopes} AND st.contradicted AND st.valid_after < ${now} AND st.valid_through >= ${now}
    UNION ALL
    SELECT f.scope, f.entity, f.relation, f.contradiction_id, f.contradicted_since, f.live_count::bigint FROM (
      SELECT array_agg(u.scope) AS s, array_agg(u.entity) AS e, array_agg(u.relation) AS r FROM (
        SELECT st.scope, st.entity, st.relation FROM synthesis_triples st WHERE ${inScopes} AND st.valid_through < 'infinity' AND st.valid_through < ${now}
        UNION ALL
        SELECT st.scope, st.entity, st.relation FROM synthesis_triples st WHERE ${inScopes} AND st.valid_after > '-infinity' AND st.valid_after >= ${now}
      ) u
    ) a CROSS JOIN LATERAL stigmem_synthesis_state(a.s, a.e, a.r, ${now}) f
    WHERE f.contradicted`;
}

/** The definition itself: every contradiction of the scopes, tested for two live values at `now`. */
function fullPendingSql(scopes: readonly FactScope[], now: Date): Prisma.Sql {
  return Prisma.sql`SELECT x.opened_at FROM contradictions x
    WHERE x.scope = ANY(${scopes as FactScope[]}::text[]) AND x.status = 'open' AND ${contradictedSql('x', now)}`;
}

async function figures(tx: Tx, sql: Prisma.Sql): Promise<ReviewQueueFigures> {
  const [row] = await tx.$queryRaw<Row[]>(sql);
  return {
    contradicted_triples: Number(row.pending),
    aged_contradictions: Number(row.aged),
    mean_pending_age_days: row.mean_age === null ? null : Math.round(Number(row.mean_age) * 10) / 10,
    unresolved_conflicts: Number(row.conflicts),
    dismissed_last_7_days: Number(row.week),
    dismissed_prev_7_days: Number(row.prev),
  };
}

/** The review queue's figures at `now`, from the maintained state. */
export function countReviewQueue(tx: Tx, scopes: readonly FactScope[], now: Date): Promise<ReviewQueueFigures> {
  return figures(tx, figuresSql(scopes, now, pendingTriplesSql(scopes, now)));
}

/** The same figures from every contradiction of the scopes (the verifier: seconds at 10M facts). */
export function countReviewQueueFull(tx: Tx, scopes: readonly FactScope[], now: Date): Promise<ReviewQueueFigures> {
  return figures(tx, figuresSql(scopes, now, fullPendingSql(scopes, now)));
}
