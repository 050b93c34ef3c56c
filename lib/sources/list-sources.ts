import { z } from 'zod';
import { Prisma } from '../generated/prisma/client';
import type { Tx } from '../db/prisma';
import { readOnly } from '../db/read-only';
import { pendingTriplesSql } from '../facts/count-review-queue';
import { normalizeUri } from '../facts/normalize';
import { type FactScope, scopeSchema } from '../facts/scope';
import { lintRequestSchema } from '../lint/lint-request';
import { findingsSql } from '../lint/finding-sql';
import { SOURCE_SORTS, type SourceSort, type SourceSummary } from './source-record';
import { formatInstant } from '../time/instant';

// GET /v1/sources (docs/api.md § Sources): per source (the agent or person that wrote facts) of one
// scope, the evidence a team lead weighs before trusting it less — what it wrote and still holds,
// the contradictions it took part in and how they were decided, its stale share, its injection and
// sensitive findings, its facts in quarantine. Every count comes from the definition the rest of
// the node uses: findings from lint's own SQL (lib/lint/finding-sql.ts), an open contradiction is
// one lint reports (open, two live values or more: the review queue's maintained rows). What a
// source wrote and holds is maintained by the write path (source_writes, source_heads) and each
// conflict carries its facts' sources (docs/decisions.md § Maintained source figures), so no request
// reads the scope's facts or every head; what is left per request is one pass over the scope's
// conflicts and contradictions, and lint's stale, injection and sensitive findings (the expired and
// flagged values, by index).

export const sourcesQuerySchema = z.object({
  scope: scopeSchema,
  sort: z.enum(SOURCE_SORTS, { error: `must be one of ${SOURCE_SORTS.join(', ')}` }).default('facts'),
  /** Leave out the node's own bookkeeping sources (system:…). */
  agents_only: z
    .enum(['true', 'false'], { error: 'must be true or false' })
    .default('false')
    .transform((v) => v === 'true'),
  /** Count from the facts themselves (the verifier of the maintained figures; it reads the whole scope). */
  full: z
    .enum(['true', 'false'], { error: 'must be true or false' })
    .default('false')
    .transform((v) => v === 'true'),
  limit: z.coerce.number({ error: 'must be a number' }).int('must be an integer').min(1, 'must be at least 1').max(500, 'must be at most 500').default(100),
  offset: z.coerce.number({ error: 'must be a number' }).int('must be an integer').min(0, 'must be at least 0').max(1_000_000, 'must be at most 1000000').default(0),
});
export type SourcesQuery = z.output<typeof sourcesQuerySchema>;

interface SummaryRow {
  source: string;
  facts: bigint;
  retractions: bigint;
  first_write: Date;
  last_write: Date;
  values_held: bigint | null;
  live_values: bigint | null;
  stale: bigint | null;
  injection: bigint | null;
  sensitive: bigint | null;
  c_total: bigint | null;
  c_open: bigint | null;
  c_won: bigint | null;
  c_lost: bigint | null;
  c_dismissed: bigint | null;
  q_pending: bigint | null;
  q_rejected: bigint | null;
  q_admitted: bigint | null;
}

const ORDER: Record<SourceSort, Prisma.Sql> = {
  facts: Prisma.sql`facts DESC, source COLLATE "C"`,
  lost: Prisma.sql`coalesce(c_lost, 0) DESC, coalesce(c_total, 0) DESC, source COLLATE "C"`,
  flagged: Prisma.sql`coalesce(injection, 0) + coalesce(sensitive, 0) + coalesce(q_pending, 0) + coalesce(q_rejected, 0) DESC, facts DESC, source COLLATE "C"`,
  stale_share: Prisma.sql`coalesce(stale, 0)::float8 / greatest(coalesce(values_held, 0), 1) DESC, coalesce(stale, 0) DESC, source COLLATE "C"`,
  last_write: Prisma.sql`last_write DESC, source COLLATE "C"`,
  source: Prisma.sql`source COLLATE "C"`,
};

const n = (v: bigint | null) => Number(v ?? 0);

function toSummary(row: SummaryRow): SourceSummary {
  const valuesHeld = n(row.values_held);
  const stale = n(row.stale);
  const total = n(row.c_total);
  const [open, won, lost, dismissed] = [n(row.c_open), n(row.c_won), n(row.c_lost), n(row.c_dismissed)];
  return {
    source: row.source,
    system: row.source.startsWith('system:'),
    facts: n(row.facts),
    retractions: n(row.retractions),
    first_write: formatInstant(row.first_write),
    last_write: formatInstant(row.last_write),
    values_held: valuesHeld,
    live_values: n(row.live_values),
    stale,
    stale_share: valuesHeld ? Math.round((stale / valuesHeld) * 10_000) / 10_000 : 0,
    // closed: decided without a winner or a dismissal (its values were retracted or expired), or settled.
    contradictions: { total, open, won, lost, dismissed, closed: Math.max(0, total - open - won - lost - dismissed) },
    findings: { injection: n(row.injection), sensitive: n(row.sensitive) },
    quarantine: { pending: n(row.q_pending), rejected: n(row.q_rejected), admitted: n(row.q_admitted) },
  };
}

/**
 * The aggregate, for every source of the scope or for one. `full`: the verifier (and `full=true`),
 * which counts what each source wrote from its facts and the values it holds from the heads, and
 * reads each conflict's and finding's fact for its source, where the maintained read takes them
 * from source_writes, source_heads, the conflict's own source columns and the head's source
 * (docs/decisions.md § Maintained source figures). A side listed twice (a value of a contradiction
 * in several of its conflicts) is grouped with itself in `parts`.
 */
function summarySql(scope: FactScope, now: Date, source: string | null, full = false): Prisma.Sql {
  const only = (column: string) => (source ? Prisma.sql`AND ${Prisma.raw(column)} = ${source}` : Prisma.empty);
  const findings = findingsSql(lintRequestSchema.parse({ scope, checks: ['stale', 'injection', 'sensitive'] }), now);
  const written = full
    ? Prisma.sql`SELECT f.source, count(*) AS facts, count(*) FILTER (WHERE f.confidence = 0) AS retractions,
        min(f.timestamp) AS first_write, max(f.timestamp) AS last_write
      FROM facts f WHERE f.scope = ${scope} ${only('f.source')} GROUP BY f.source`
    : Prisma.sql`SELECT w.source, sum(w.facts)::bigint AS facts, sum(w.retractions)::bigint AS retractions, min(w.first_write) AS first_write, max(w.last_write) AS last_write
      FROM source_writes w WHERE w.scope = ${scope} ${only('w.source')} GROUP BY w.source`;
  // Live values are the values held less those expired (lint's stale warnings: confidence > 0, valid_until < now).
  const held = full
    ? Prisma.sql`SELECT vh.head_source AS source, count(*) FILTER (WHERE vh.confidence > 0) AS values_held,
        count(*) FILTER (WHERE vh.confidence > 0 AND (vh.valid_until IS NULL OR vh.valid_until >= ${now})) AS live_values
      FROM value_heads vh WHERE vh.scope = ${scope} ${only('vh.head_source')} GROUP BY vh.head_source`
    : Prisma.sql`SELECT h.source, sum(h.values_held)::bigint AS values_held, NULL::bigint AS live_values
      FROM source_heads h WHERE h.scope = ${scope} ${only('h.source')} GROUP BY h.source`;
  const found = full
    ? Prisma.sql`(SELECT u.*, f.source AS fact_source FROM (${findings}) u JOIN facts f ON f.id = u.fact_ids[1])`
    : Prisma.sql`(SELECT u.*, u.source AS fact_source FROM (${findings}) u)`;
  const sides = full
    ? Prisma.sql`SELECT DISTINCT c.contradiction_id, f.source, f.value_hash
      FROM conflicts c JOIN facts f ON f.id IN (c.fact_a_id, c.fact_b_id)
      WHERE c.scope = ${scope} AND c.contradiction_id IS NOT NULL ${only('f.source')}`
    : Prisma.sql`SELECT c.contradiction_id, s.source, s.value_hash
      FROM conflicts c CROSS JOIN LATERAL (VALUES (c.source_a, c.value_a_hash), (c.source_b, c.value_b_hash)) AS s(source, value_hash)
      WHERE c.scope = ${scope} AND c.contradiction_id IS NOT NULL ${only('s.source')}`;
  return Prisma.sql`
    WITH pending AS MATERIALIZED (SELECT id FROM (${pendingTriplesSql([scope], now)}) p), written AS (
      ${written}
    ), held AS (
      ${held}
    ), found AS (
      SELECT u.fact_source AS source, count(*) FILTER (WHERE u."check" = 'stale' AND u.severity = 'warning') AS stale,
        count(*) FILTER (WHERE u."check" = 'injection') AS injection, count(*) FILTER (WHERE u."check" = 'sensitive') AS sensitive
      FROM ${found} u WHERE true ${only('u.fact_source')} GROUP BY u.fact_source
    ), sides AS (
      ${sides}
    ), parts AS (
      SELECT s.source, x.status, x.resolution_basis, x.winner_value_hash IS NOT NULL AS decided,
        bool_or(s.value_hash = x.winner_value_hash) AS won, x.id IN (SELECT id FROM pending) AS open
      FROM sides s JOIN contradictions x ON x.id = s.contradiction_id
      GROUP BY s.source, x.id
    ), contested AS (
      SELECT source, count(*) AS c_total, count(*) FILTER (WHERE open) AS c_open,
        count(*) FILTER (WHERE status <> 'open' AND won) AS c_won,
        count(*) FILTER (WHERE status <> 'open' AND decided AND NOT coalesce(won, false) AND coalesce(resolution_basis, '') <> 'dismissed') AS c_lost,
        count(*) FILTER (WHERE status <> 'open' AND resolution_basis = 'dismissed') AS c_dismissed
      FROM parts GROUP BY source
    ), held_out AS (
      SELECT q.source, count(*) FILTER (WHERE q.status = 'pending') AS q_pending, count(*) FILTER (WHERE q.status = 'rejected') AS q_rejected,
        count(*) FILTER (WHERE q.status = 'promoted') AS q_admitted
      FROM quarantine q WHERE q.scope = ${scope} AND q.retraction_of IS NULL ${only('q.source')} GROUP BY q.source
    )
    SELECT w.source, w.facts, w.retractions, w.first_write, w.last_write, h.values_held,
      coalesce(h.live_values, h.values_held - coalesce(fo.stale, 0)) AS live_values,
      fo.stale, fo.injection, fo.sensitive, c.c_total, c.c_open, c.c_won, c.c_lost, c.c_dismissed, q.q_pending, q.q_rejected, q.q_admitted
    FROM written w
    LEFT JOIN held h ON h.source = w.source
    LEFT JOIN found fo ON fo.source = w.source
    LEFT JOIN contested c ON c.source = w.source
    LEFT JOIN held_out q ON q.source = w.source`;
}

/**
 * The sources of a scope, one page, in one READ ONLY snapshot (readOnly: JIT off, which alone took
 * 3.2 s of this aggregate's 5.2 s at 1M facts, compiling it).
 */
export function listSources(query: SourcesQuery, now = new Date()): Promise<{ scope: FactScope; sources: SourceSummary[]; total: number; computed_at: string }> {
  const agents = query.agents_only ? Prisma.sql`AND source NOT LIKE 'system:%'` : Prisma.empty;
  return readOnly(async (tx) => {
    const rows = await tx.$queryRaw<(SummaryRow & { total: bigint })[]>(Prisma.sql`
      SELECT s.*, count(*) OVER () AS total FROM (${summarySql(query.scope, now, null, query.full)}) s WHERE true ${agents}
      ORDER BY ${ORDER[query.sort]} LIMIT ${query.limit} OFFSET ${query.offset}`);
    let total = rows[0] ? Number(rows[0].total) : 0;
    if (!rows.length && query.offset > 0) {
      const [counted] = await tx.$queryRaw<{ n: bigint }[]>(Prisma.sql`SELECT count(DISTINCT source) AS n FROM source_writes WHERE scope = ${query.scope} ${agents}`);
      total = Number(counted.n);
    }
    return { scope: query.scope, sources: rows.map(toSummary), total, computed_at: formatInstant(now) };
  });
}

/** One source's record in the scope, or null when it wrote nothing there; in the caller's read-only transaction. */
export async function summarizeSource(tx: Tx, scope: FactScope, source: string, now = new Date()): Promise<SourceSummary | null> {
  const [row] = await tx.$queryRaw<SummaryRow[]>(summarySql(scope, now, normalizeUri(source)));
  return row ? toSummary(row) : null;
}
