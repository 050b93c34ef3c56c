import { z } from 'zod';
import { Prisma } from '../generated/prisma/client';
import type { Tx } from '../db/prisma';
import { readOnly } from '../db/read-only';
import { notFound } from '../errors/domain-error';
import { contradictedSql, oldestConflictSql } from '../facts/contradiction-sql';
import type { FactValue } from '../facts/fact-value';
import { normalizeUri } from '../facts/normalize';
import { type FactScope, scopeSchema } from '../facts/scope';
import { findingsSql } from '../lint/finding-sql';
import { lintRequestSchema, type Severity } from '../lint/lint-request';
import { formatInstant } from '../time/instant';
import { summarizeSource } from './list-sources';
import type { SourceOutcome, SourceSummary } from './source-record';

// GET /v1/sources/{source} (docs/api.md § Sources): one source's record in a scope (the same
// aggregate as the list), with the evidence behind its counts — the contradictions it took part in
// and how each was decided, and lint's findings on the values it holds — newest first, paged.

export const sourceDetailQuerySchema = z.object({
  scope: scopeSchema,
  limit: z.coerce.number({ error: 'must be a number' }).int('must be an integer').min(1, 'must be at least 1').max(200, 'must be at most 200').default(50),
});

export interface SourceContradiction {
  contradiction_id: string;
  /** The conflict to open for it while it is open (its oldest unresolved one), else null. */
  conflict_id: string | null;
  entity: string;
  relation: string;
  outcome: SourceOutcome;
  /** The value this source brought into it (its newest, when it brought several); null while that fact is in quarantine. */
  value: FactValue | null;
  /** The value a decision kept, when one did (null too while its head is in quarantine). */
  winner_value: FactValue | null;
  opened_at: string;
  resolved_at: string | null;
  resolved_by: string | null;
  resolution_basis: string | null;
}

export interface SourceFinding {
  check: 'stale' | 'injection' | 'sensitive';
  severity: Severity;
  entity: string;
  relation: string | null;
  fact_id: string;
  valid_until: string | null;
  score: number | null;
  signals: string[];
}

export interface SourceDetail {
  scope: FactScope;
  summary: SourceSummary;
  contradictions: SourceContradiction[];
  findings: SourceFinding[];
  computed_at: string;
}

interface ContradictionRow {
  contradiction_id: string;
  conflict_id: string | null;
  entity: string;
  relation: string;
  status: string;
  open: boolean;
  won: boolean | null;
  decided: boolean;
  resolution_basis: string | null;
  value: FactValue | null;
  winner_value: FactValue | null;
  opened_at: Date;
  resolved_at: Date | null;
  resolved_by: string | null;
}

function outcomeOf(row: ContradictionRow): SourceOutcome {
  if (row.open) return 'open';
  if (row.status === 'open') return 'closed';
  if (row.resolution_basis === 'dismissed') return 'dismissed';
  if (row.won) return 'won';
  return row.decided ? 'lost' : 'closed';
}

async function contradictionsOf(tx: Tx, scope: FactScope, source: string, now: Date, limit: number): Promise<SourceContradiction[]> {
  const rows = await tx.$queryRaw<ContradictionRow[]>(Prisma.sql`
    WITH sides AS (
      -- A fact in quarantine (pending or rejected) keeps its text out of every read: its value is null here.
      SELECT c.contradiction_id, f.value_hash, f.hlc_wall, f.hlc_counter,
        CASE WHEN EXISTS (SELECT 1 FROM quarantine q WHERE q.fact_id = f.id AND q.status <> 'promoted') THEN NULL ELSE f.value END AS value
      FROM conflicts c CROSS JOIN LATERAL (VALUES (c.fact_a_id, c.source_a), (c.fact_b_id, c.source_b)) AS side(fact_id, source)
      JOIN facts f ON f.id = side.fact_id
      WHERE c.scope = ${scope} AND c.contradiction_id IS NOT NULL AND side.source = ${source}
    )
    SELECT x.id AS contradiction_id, x.entity, x.relation, x.status, x.resolution_basis, x.opened_at, x.resolved_at, x.resolved_by,
      ${contradictedSql('x', now)} AS open, x.winner_value_hash IS NOT NULL AS decided,
      CASE WHEN x.status = 'open' THEN ${oldestConflictSql('x')} END AS conflict_id,
      bool_or(s.value_hash = x.winner_value_hash) AS won,
      (array_agg(s.value ORDER BY s.hlc_wall DESC, s.hlc_counter DESC))[1] AS value,
      (SELECT w.value FROM value_heads w WHERE w.entity = x.entity AND w.relation = x.relation AND w.scope = x.scope
        AND w.value_hash = x.winner_value_hash AND NOT w.quarantined) AS winner_value
    FROM sides s JOIN contradictions x ON x.id = s.contradiction_id
    GROUP BY x.id
    ORDER BY coalesce(x.resolved_at, x.opened_at) DESC, x.id
    LIMIT ${limit}`);
  return rows.map((row) => ({
    contradiction_id: row.contradiction_id,
    conflict_id: row.conflict_id,
    entity: row.entity,
    relation: row.relation,
    outcome: outcomeOf(row),
    value: row.value,
    winner_value: row.winner_value,
    opened_at: formatInstant(row.opened_at),
    resolved_at: row.resolved_at ? formatInstant(row.resolved_at) : null,
    resolved_by: row.resolved_by,
    resolution_basis: row.resolution_basis,
  }));
}

interface FindingRow {
  check: SourceFinding['check'];
  severity: Severity;
  entity: string;
  relation: string | null;
  fact_id: string;
  valid_until: Date | null;
  confidence_a: number | null;
  value_b: unknown;
}

async function findingsOf(tx: Tx, scope: FactScope, source: string, now: Date, limit: number): Promise<SourceFinding[]> {
  const request = lintRequestSchema.parse({ scope, checks: ['stale', 'injection', 'sensitive'] });
  // Lint's own findings (one definition), kept to this source's values; expiring-soon values are not stale yet.
  const rows = await tx.$queryRaw<FindingRow[]>(Prisma.sql`
    SELECT u."check", u.severity, u.entity, u.relation, u.fact_ids[1] AS fact_id, u.valid_until, u.confidence_a, u.value_b
    FROM (${findingsSql(request, now)}) u
    WHERE u.source = ${source} AND NOT (u."check" = 'stale' AND u.severity = 'info')
    ORDER BY u.severity_rank, u.check_rank DESC, u.entity COLLATE "C", u.relation COLLATE "C"
    LIMIT ${limit}`);
  return rows.map((row) => ({
    check: row.check,
    severity: row.severity,
    entity: row.entity,
    relation: row.relation,
    fact_id: row.fact_id,
    valid_until: row.valid_until ? formatInstant(row.valid_until) : null,
    score: row.check === 'injection' && row.confidence_a !== null ? Number(row.confidence_a) : null,
    signals: row.check === 'stale' || !Array.isArray(row.value_b) ? [] : (row.value_b as string[]),
  }));
}

export async function getSourceDetail(rawSource: string, query: z.output<typeof sourceDetailQuerySchema>): Promise<SourceDetail> {
  const source = normalizeUri(rawSource);
  const now = new Date();
  // One READ ONLY snapshot: the counts and the evidence behind them agree.
  return readOnly(async (tx) => {
    const summary = await summarizeSource(tx, query.scope, source, now);
    if (!summary) throw notFound('source_not_found', `${source} wrote no fact in scope ${query.scope}`);
    const contradictions = await contradictionsOf(tx, query.scope, source, now, query.limit);
    const findings = await findingsOf(tx, query.scope, source, now, query.limit);
    return { scope: query.scope, summary, contradictions, findings, computed_at: formatInstant(now) };
  });
}
