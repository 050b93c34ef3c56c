import { Prisma } from '../generated/prisma/client';
import { readOnly } from '../db/read-only';
import type { Tx } from '../db/prisma';
import type { FactValue } from '../facts/fact-value';
import { factValueText } from '../facts/view/fact-value-text';
import { factCountSql, factCountUpToSql, factEstimateSql, FINDING_ORDER, type FindingRow, findingsSql } from './finding-sql';
import type { LintCheck, LintFinding, LintRequest, LintResult } from './lint-request';
import { formatInstant } from '../time/instant';
import { BLOCK_STRIDE } from './compare-findings';
import { findingWireSql } from './finding-wire-sql';
import { parseFlag } from '../integrity/inspect-value';
import { withSpan } from '../observability/tracing';

// POST /v1/lint (§14): read-only, every check set-based SQL over value heads.

const quote = (value: unknown) => (value && typeof value === 'object' ? `"${factValueText(value as FactValue)}"` : '?');
const conf = (c: number | null) => (c === null ? '?' : Number(c).toFixed(2));

/** The prefixed name a bare relation should take: `memory:` is the protocol's namespace for plain facts. */
export function suggestedRelation(relation: string): string {
  return `memory:${relation.replace(/^:+/, '')}`;
}

/** `validUntil`: the row's valid_until as formatInstant writes it, when the caller has it already. */
export function describeFinding(row: Omit<FindingRow, 'namespace' | 'source'>, scope: string, validUntil = row.valid_until ? formatInstant(row.valid_until) : ''): string {
  switch (row.check) {
    case 'contradiction': {
      const values = Number(row.value_total ?? 2);
      const pair = `${quote(row.value_a)} (confidence ${conf(row.confidence_a)})`;
      const second = `${quote(row.value_b)} (confidence ${conf(row.confidence_b)})`;
      return values > 2
        ? `${values} live values for (entity, relation, scope): ${pair}, ${second} and ${values - 2} more; conflict ${row.conflict_id} is unresolved (resolving it decides all ${values}).`
        : `Two live values for (entity, relation, scope): ${pair} and ${second}; conflict ${row.conflict_id} is unresolved.`;
    }
    case 'stale':
      return row.severity === 'warning'
        ? `Value ${quote(row.value_a)} expired at ${validUntil} but is not retracted.`
        : `Value ${quote(row.value_a)} expires at ${validUntil}, within the lookahead window.`;
    case 'orphan':
      return `No live facts remain: all ${Number(row.value_total)} known value(s) of this entity in scope ${scope} are retracted or expired.`;
    case 'broken_ref':
      return `Ref target ${row.ref_target} has no live facts in scope ${scope}${row.severity === 'error' ? '; a broken handoff silently discards agent context during delegation' : ''}.`;
    case 'namespacing':
      return `Relation "${row.relation}" has no namespace prefix; assert its ${Number(row.value_total)} live value(s) as "${suggestedRelation(row.relation ?? '')}" (or under the namespace they belong to) and retract the bare relation.`;
    case 'injection':
      return describeInjection(Number(row.confidence_a ?? 0), signalsOf(row));
    case 'sensitive':
      return describeSensitive(signalsOf(row));
  }
}

/** The flags a memory-integrity finding carries in `value_b` (finding-sql.ts, integritySql). */
const signalsOf = (row: Pick<FindingRow, 'value_b'>): string[] => (Array.isArray(row.value_b) ? row.value_b.filter((f): f is string => typeof f === 'string') : []);

// The detail never quotes the value: it names what the detectors saw, so a finding an agent reads
// cannot carry the instruction it warns about, and a credential's only trace is its masked form.
function describeInjection(score: number, signals: string[]): string {
  const kinds = [...new Set(signals.map((f) => parseFlag(f).what.replaceAll('_', ' ')))];
  return `The value reads as an instruction aimed at a model (score ${score.toFixed(2)}${kinds.length ? `: ${kinds.join(', ')}` : ''}); an agent that recalls it would take it as an order. Quarantine it for review, or retract it.`;
}

function describeSensitive(signals: string[]): string {
  const items = signals.map(parseFlag);
  const credentials = items.filter((f) => f.class === 'credential').map((f) => `${f.what.replaceAll('_', ' ')} ${f.detail}`);
  const personal = items.filter((f) => f.class === 'personal_data').map((f) => `${f.what.replaceAll('_', ' ')} ${f.detail}`);
  const parts = [
    ...(credentials.length ? [`a credential kept in memory: ${credentials.join('; ')}. Retract it and rotate the secret`] : []),
    ...(personal.length ? [`personal data this scope forbids: ${personal.join('; ')}. Retract it`] : []),
  ];
  return `The value holds ${parts.join('; and ')}.`;
}

export function toFinding(row: Omit<FindingRow, 'namespace' | 'source'>, scope: string): LintFinding {
  const validUntil = row.valid_until ? formatInstant(row.valid_until) : null;
  const finding: LintFinding = {
    check: row.check,
    severity: row.severity,
    entity: row.entity,
    relation: row.relation,
    fact_ids: row.fact_ids,
    detail: describeFinding(row, scope, validUntil ?? ''),
  };
  if (row.conflict_id) finding.conflict_id = row.conflict_id;
  if (row.ref_target) finding.ref_target = row.ref_target;
  if (validUntil) finding.valid_until = validUntil;
  if (row.check === 'namespacing' && row.relation !== null) finding.suggested_relation = suggestedRelation(row.relation);
  if (row.check === 'injection') finding.score = Number(row.confidence_a ?? 0);
  if (row.check === 'injection' || row.check === 'sensitive') finding.signals = signalsOf(row);
  return finding;
}

/**
 * §14.4 fact_count in `tx`'s snapshot. A whole scope's is the sum of its stripes' fact rows, kept by
 * the facts insert trigger (migration 20261127193000_scope_fact_rows; facts are insert-only): at most
 * 16 rows, whatever the scope's size. Narrowed by an entity or a relation, the rows are counted.
 */
export async function countFacts(tx: Tx, request: Pick<LintRequest, 'scope' | 'entity' | 'relation'>): Promise<number> {
  const [{ n }] = await tx.$queryRaw<{ n: bigint | null }[]>(
    request.entity || request.relation ? factCountSql(request) : Prisma.sql`SELECT sum(fact_rows)::bigint AS n FROM scope_revisions WHERE scope = ${request.scope}`,
  );
  return Number(n ?? 0);
}

/**
 * §14.4 fact_count as of a past instant, in a time-travel transaction (lib/time-travel/at-instant.ts):
 * counted from the `facts` relation, which there holds the log up to the instant; the maintained
 * fact rows hold the scope's count now.
 */
export async function countFactsAsOf(tx: Tx, request: Pick<LintRequest, 'scope' | 'entity' | 'relation'>): Promise<number> {
  const [{ n }] = await tx.$queryRaw<{ n: bigint | null }[]>(factCountSql(request));
  return Number(n ?? 0);
}

/** The fact count when it is at most `limit`, otherwise null: costs the same for 10M facts as for `limit`. */
export async function countFactsUpTo(tx: Tx, request: Pick<LintRequest, 'scope' | 'entity' | 'relation'>, limit: number): Promise<number | null> {
  const [{ n }] = await tx.$queryRaw<{ n: bigint }[]>(factCountUpToSql(request, limit));
  return Number(n) > limit ? null : Number(n);
}

/** The planner's row estimate for the request's facts (0 when it gives none): for a job's estimated_s only. */
export async function estimateFacts(tx: Tx, request: Pick<LintRequest, 'scope' | 'entity' | 'relation'>): Promise<number> {
  const [row] = await tx.$queryRaw<Record<string, unknown>[]>(factEstimateSql(request));
  const raw = Object.values(row ?? {})[0];
  const plan = (typeof raw === 'string' ? JSON.parse(raw) : raw) as { Plan?: { 'Plan Rows'?: number } }[] | undefined;
  return Number(plan?.[0]?.Plan?.['Plan Rows'] ?? 0);
}

/** The columns of a finding as findingsJsonSql sends them: one JSON array per finding, in this order. */
export const FINDING_COLUMNS = [
  'check', 'severity', 'entity', 'relation', 'fact_ids', 'conflict_id', 'ref_target',
  'valid_until', 'value_a', 'value_b', 'confidence_a', 'confidence_b', 'value_total',
] as const;

/**
 * The findings of `checks` in FINDING_ORDER, one JSON text per finding (`j`): a single column crosses
 * the driver far cheaper than thirteen (about 1 s of a 1M-fact lint with 117k findings went to
 * decoding columns). Each `j` is the finding's wire JSON as the database renders it
 * (finding-wire-sql.ts), or, where that rendering stands aside, the row's values as an array without
 * their names for toFinding (parseFindingRow reads one back); findingFromRow tells them apart. The
 * synchronous lint reads them whole, the lint job through cursors (stream-findings.ts), passing the
 * wire JSON through to its pages.
 */
export function findingsJsonSql(request: LintRequest, now: Date, checks: readonly LintCheck[]): Prisma.Sql {
  if (!checks.length) return Prisma.sql`SELECT NULL::text AS j, 0 AS block, ''::text AS namespace WHERE false`;
  return Prisma.sql`
    SELECT ${findingJsonSql(request.scope)} AS j,
      (severity_rank * ${Prisma.raw(String(BLOCK_STRIDE))} + check_rank)::int AS block, x.namespace
    FROM (${findingsSql(request, now, checks)}) x ${FINDING_ORDER}`;
}

/** A findingsSql row `x`'s `j`: its wire JSON, or its values as an array where the rendering stands aside (findingFromRow reads either). */
export const findingJsonSql = (scope: string) =>
  Prisma.sql`coalesce(${findingWireSql(scope)}, json_build_array(${Prisma.raw(FINDING_COLUMNS.map((c) => `x."${c}"`).join(', '))})::text)`;

/**
 * A row of findingsJsonSql: the finding, its (severity, check) block (the first two keys of
 * FINDING_ORDER as one number) and the namespace of its relation ('' for none).
 */
export interface FindingJsonRow {
  j: string;
  block: number;
  namespace: string;
}

/** Whether `j` is the finding's wire JSON (an object), not the array of its values for toFinding. */
export const isWireJson = (j: string) => j.charCodeAt(0) === 123; // '{'

/** The finding of a findingsJsonSql row. */
export function findingFromRow(j: string, scope: string): LintFinding {
  return isWireJson(j) ? (JSON.parse(j) as LintFinding) : toFinding(parseFindingRow(j), scope);
}

/**
 * One `j` of findingsJsonSql as a FindingRow (without its namespace and source, which no reader of `j` uses). The
 * object is written out in FINDING_COLUMNS' order (run-lint.test.ts holds them to it): built with
 * Object.fromEntries it cost about 3 µs a finding more, 3–4 s of a 10M-fact lint's 1.17M findings.
 */
export function parseFindingRow(j: string): Omit<FindingRow, 'namespace' | 'source'> {
  const v = JSON.parse(j) as FindingJsonValues;
  return {
    check: v[0], severity: v[1], entity: v[2], relation: v[3], fact_ids: v[4], conflict_id: v[5], ref_target: v[6],
    valid_until: v[7], value_a: v[8], value_b: v[9], confidence_a: v[10], confidence_b: v[11], value_total: v[12],
  };
}

type FindingJsonValues = [
  FindingRow['check'], FindingRow['severity'], string, string | null, string[], string | null, string | null,
  string | null, unknown, unknown, number | null, number | null, number | null,
];

export async function findFindings(tx: Tx, request: LintRequest, now: Date, checks: readonly LintCheck[]): Promise<LintFinding[]> {
  if (!checks.length) return [];
  const rows = await tx.$queryRaw<FindingJsonRow[]>(findingsJsonSql(request, now, checks));
  return rows.map((row) => findingFromRow(row.j, request.scope));
}

/** The lint of `request` in `tx`, whose facts the caller has already counted in the same snapshot, at `now` (expiry is judged then). */
export function lintCounted(tx: Tx, request: LintRequest, factCount: number, now = new Date()): Promise<LintResult> {
  return withSpan('stigmem.lint', { 'stigmem.scope': request.scope, 'stigmem.facts': factCount, 'stigmem.checks': request.checks.length }, async () => {
    const findings = await findFindings(tx, request, now, request.checks);
    return { findings, checked_at: formatInstant(now), scope: request.scope, checks_run: request.checks, fact_count: factCount };
  });
}

/** Synchronous lint: one READ ONLY transaction, one consistent snapshot. */
export async function runLint(request: LintRequest): Promise<LintResult> {
  return readOnly(async (tx) => lintCounted(tx, request, await countFacts(tx, request)));
}
