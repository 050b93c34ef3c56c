import { Prisma } from '../generated/prisma/client';
import { readOnly } from '../db/read-only';
import type { Tx } from '../db/prisma';
import { renderValue, type FactValue } from '../facts/fact-value';
import { factCountSql, FINDING_ORDER, type FindingRow, findingsSql } from './finding-sql';
import type { LintCheck, LintFinding, LintRequest, LintResult } from './lint-request';

// POST /v1/lint (§14): read-only, every check set-based SQL over value heads.

const quote = (value: unknown) => (value && typeof value === 'object' ? `"${renderValue(value as FactValue)}"` : '?');
const conf = (c: number | null) => (c === null ? '?' : Number(c).toFixed(2));

export function describeFinding(row: FindingRow, scope: string): string {
  switch (row.check) {
    case 'contradiction':
      return `Two live values for (entity, relation, scope): ${quote(row.value_a)} (confidence ${conf(row.confidence_a)}) and ${quote(row.value_b)} (confidence ${conf(row.confidence_b)}); conflict ${row.conflict_id} is unresolved.`;
    case 'stale':
      return row.severity === 'warning'
        ? `Value ${quote(row.value_a)} expired at ${new Date(row.valid_until!).toISOString()} but is not retracted.`
        : `Value ${quote(row.value_a)} expires at ${new Date(row.valid_until!).toISOString()}, within the lookahead window.`;
    case 'orphan':
      return `No live facts remain: all ${Number(row.value_total)} known value(s) of this entity in scope ${scope} are retracted or expired.`;
    case 'broken_ref':
      return `Ref target ${row.ref_target} has no live facts in scope ${scope}${row.severity === 'error' ? '; a broken handoff silently discards agent context during delegation' : ''}.`;
  }
}

export function toFinding(row: FindingRow, scope: string): LintFinding {
  const finding: LintFinding = {
    check: row.check,
    severity: row.severity,
    entity: row.entity,
    relation: row.relation,
    fact_ids: row.fact_ids,
    detail: describeFinding(row, scope),
  };
  if (row.conflict_id) finding.conflict_id = row.conflict_id;
  if (row.ref_target) finding.ref_target = row.ref_target;
  if (row.valid_until) finding.valid_until = new Date(row.valid_until).toISOString();
  return finding;
}

const SEVERITY_RANK = { error: 0, warning: 1, info: 2 };
const CHECK_RANK = { contradiction: 0, stale: 1, orphan: 2, broken_ref: 3 };
const bytewise = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/** The same order as FINDING_ORDER in SQL, for findings gathered check by check. */
export function compareFindings(a: LintFinding, b: LintFinding): number {
  return (
    SEVERITY_RANK[a.severity] - SEVERITY_RANK[b.severity] ||
    CHECK_RANK[a.check] - CHECK_RANK[b.check] ||
    bytewise(a.entity, b.entity) ||
    (a.relation === null ? (b.relation === null ? 0 : -1) : b.relation === null ? 1 : bytewise(a.relation, b.relation)) ||
    bytewise(a.fact_ids[0] ?? '', b.fact_ids[0] ?? '')
  );
}

export async function countFacts(tx: Tx, request: Pick<LintRequest, 'scope' | 'entity' | 'relation'>): Promise<number> {
  const [{ n }] = await tx.$queryRaw<{ n: bigint }[]>(factCountSql(request));
  return Number(n);
}

export async function findFindings(tx: Tx, request: LintRequest, now: Date, checks: readonly LintCheck[]): Promise<LintFinding[]> {
  if (!checks.length) return [];
  const rows = await tx.$queryRaw<FindingRow[]>(Prisma.sql`${findingsSql(request, now, checks)} ${FINDING_ORDER}`);
  return rows.map((row) => toFinding(row, request.scope));
}

/** Synchronous lint: one READ ONLY transaction, one consistent snapshot. */
export async function runLint(request: LintRequest): Promise<LintResult> {
  return readOnly(async (tx) => {
    const now = new Date();
    const fact_count = await countFacts(tx, request);
    const findings = await findFindings(tx, request, now, request.checks);
    return { findings, checked_at: now.toISOString(), scope: request.scope, checks_run: request.checks, fact_count };
  });
}
