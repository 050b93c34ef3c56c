import { Prisma } from '../generated/prisma/client';
import { readOnly } from '../db/read-only';
import { databaseKind } from '../db/connection';
import type { Tx } from '../db/prisma';
import { badRequest } from '../errors/domain-error';
import { decodeCursor, encodeCursor } from '../schemas/query-params';
import { formatInstant } from '../time/instant';
import { withSpan } from '../observability/tracing';
import { blockFinding, findingBlock } from './compare-findings';
import { findingsSql } from './finding-sql';
import type { LintCheck, LintFinding, LintRequest, LintResult, Severity } from './lint-request';
import { countFacts, findingFromRow, findingJsonSql } from './run-lint';

// POST /v1/lint with `limit` (docs/decisions.md § Paged lint): one page of the findings in §14.2's
// order and a cursor to the next, read block by block — a (severity, check) block of the order at a
// time, in order, each asked only for the rows the page still lacks, from where the cursor left off.
// A block whose order an index gives (contradictions: contradictions_open_scope_idx) stops after the
// page's rows; the others read their own check's findings (expired values, orphans, broken refs, bare
// relations, flagged values), never the whole scope's. So the first page of a scope with many
// contradictions costs the page, and no page costs a whole lint.

/** The severities each check can give, most severe first (finding-sql.ts). */
const SEVERITIES_OF: Record<LintCheck, readonly Severity[]> = {
  contradiction: ['error'],
  stale: ['warning', 'info'],
  orphan: ['info'],
  broken_ref: ['error', 'warning'],
  namespacing: ['warning'],
  injection: ['error', 'warning', 'info'],
  sensitive: ['error', 'warning'],
};

/** The (severity, check) blocks `checks` can yield, in FINDING_ORDER. */
export function blocksOf(checks: readonly LintCheck[]): number[] {
  return checks.flatMap((check) => SEVERITIES_OF[check].map((severity) => findingBlock(severity, check))).sort((a, b) => a - b);
}

/** Where a page ended: the last finding's block and keys (entity, relation or '' for none, first fact id). */
export type LintCursor = [block: number, entity: string, relation: string, factId: string];

export function parseLintCursor(cursor: string | null | undefined): LintCursor | null {
  if (!cursor) return null;
  const parts = decodeCursor(cursor);
  const block = parts && Number.isInteger(parts[0]) ? blockFinding(parts[0] as number) : null;
  if (!parts || parts.length !== 4 || !block?.severity || !block.check || !parts.slice(1).every((p) => typeof p === 'string')) {
    throw badRequest('invalid_cursor', 'cursor: not a cursor this node issued');
  }
  return parts as LintCursor;
}

export type LintPage = LintResult & { next_cursor: string | null };

/**
 * One page of the lint of `request`: at most `limit` findings after `cursor`, in one READ ONLY snapshot.
 * `budgetMs` (PostgreSQL): the page's statements, lock waits included, give up after it (SQLSTATE
 * 57014 or 55P03), so a page nobody waits for any longer does not hold a connection.
 */
export async function lintPage(request: LintRequest, limit: number, cursor: string | null | undefined, budgetMs?: number): Promise<LintPage> {
  const after = parseLintCursor(cursor);
  return withSpan('stigmem.lint.page', { 'stigmem.scope': request.scope, 'stigmem.limit': limit }, () =>
    readOnly(async (tx) => {
      if (budgetMs && databaseKind() === 'postgres') {
        await tx.$executeRaw`SELECT set_config('statement_timeout', ${String(budgetMs)}, true), set_config('lock_timeout', ${String(budgetMs)}, true)`;
      }
      const now = new Date();
      const { findings, last } = await readPage(tx, request, now, limit, after);
      return {
        findings,
        checked_at: formatInstant(now),
        scope: request.scope,
        checks_run: request.checks,
        fact_count: await countFacts(tx, request),
        next_cursor: last ? encodeCursor(last) : null,
      };
    }),
  );
}

type PageRow = { j: string; entity: string; relation: string; fact_id: string };

async function readPage(tx: Tx, request: LintRequest, now: Date, limit: number, after: LintCursor | null): Promise<{ findings: LintFinding[]; last: LintCursor | null }> {
  const findings: LintFinding[] = [];
  let last: LintCursor | null = null;
  for (const block of blocksOf(request.checks)) {
    if (after && block < after[0]) continue;
    // One row past the page says whether another page follows.
    const want = limit + 1 - findings.length;
    const rows = await tx.$queryRaw<PageRow[]>(blockSql(request, now, block, want, after && block === after[0] ? after : null));
    for (const row of rows) {
      if (findings.length === limit) return { findings, last };
      findings.push(findingFromRow(row.j, request.scope));
      last = [block, row.entity, row.relation, row.fact_id];
    }
  }
  return { findings, last: null };
}

/**
 * Block `block`'s findings after `after`, in FINDING_ORDER, at most `limit`. The keys are compared
 * byte-wise (COLLATE "C") as the order is; `entity >= after` stands beside the exact test so an
 * index in that order starts at the cursor instead of filtering every row before it. An orphan
 * finding has no relation: '' stands for it (a relation is never empty), which sorts it first as
 * NULLS FIRST does.
 */
function blockSql(request: LintRequest, now: Date, block: number, limit: number, after: LintCursor | null): Prisma.Sql {
  const { severity, check } = blockFinding(block);
  const relation = Prisma.sql`coalesce(x.relation, '') COLLATE "C"`;
  const keyset = after
    ? Prisma.sql`AND x.entity COLLATE "C" >= ${after[1]} AND (x.entity COLLATE "C" > ${after[1]}
        OR ${relation} > ${after[2]} OR (${relation} = ${after[2]} AND x.fact_ids[1] COLLATE "C" > ${after[3]}))`
    : Prisma.empty;
  return Prisma.sql`
    SELECT ${findingJsonSql(request.scope)} AS j,
      x.entity, coalesce(x.relation, '') AS relation, x.fact_ids[1] AS fact_id
    FROM (${findingsSql(request, now, [check], severity)}) x
    WHERE x.severity = ${severity} ${keyset}
    ORDER BY x.entity COLLATE "C", x.relation COLLATE "C" NULLS FIRST, x.fact_ids[1] COLLATE "C"
    LIMIT ${limit}`;
}
