import { z } from 'zod';
import { Prisma } from '../generated/prisma/client';
import { readOnly } from '../db/read-only';
import { scopeSchema } from '../facts/scope';
import { queryLimit } from '../schemas/query-params';
import { findingsSql, FINDING_ORDER, type FindingRow } from './finding-sql';
import { LINT_CHECKS, type LintFinding, SEVERITIES } from './lint-request';
import { toFinding } from './run-lint';
import { formatInstant } from '../time/instant';

// The scope page's findings table: the lint findings filtered, sorted and paged in the database,
// so a 100k-fact scope never ships every finding to the browser.

export const FINDING_SORTS = ['severity', 'check', 'entity', 'relation'] as const;

export const findingsPageSchema = z.object({
  scope: scopeSchema,
  check: z.enum(LINT_CHECKS).optional(),
  severity: z.enum(SEVERITIES).optional(),
  namespace: z.string().max(100).optional(),
  q: z.string().max(500).optional(),
  stale_lookahead_s: z.coerce.number().int().min(0).max(10 * 365 * 24 * 3600).default(0),
  sort: z.enum(FINDING_SORTS).default('severity'),
  dir: z.enum(['asc', 'desc']).default('asc'),
  offset: z.coerce.number().int().min(0).max(10_000_000).default(0),
  limit: queryLimit(50, 200),
});
export type FindingsPageQuery = z.output<typeof findingsPageSchema>;

export interface FindingsPage {
  findings: (LintFinding & { namespace: string })[];
  total: number;
  offset: number;
  limit: number;
  checked_at: string;
}

/** The page's sort, then the §14.2 order to break ties. */
export function findingsOrderSql(sort: FindingsPageQuery['sort'], dir: FindingsPageQuery['dir']) {
  if (sort === 'severity' && dir === 'asc') return FINDING_ORDER;
  const d = Prisma.raw(dir === 'desc' ? 'DESC' : 'ASC');
  const column = { severity: 'severity_rank', check: 'check_rank', entity: 'entity COLLATE "C"', relation: 'relation COLLATE "C"' }[sort];
  return Prisma.sql`ORDER BY ${Prisma.raw(column)} ${d}, severity_rank, check_rank, entity COLLATE "C", relation COLLATE "C" NULLS FIRST, fact_ids[1] COLLATE "C"`;
}

/** The findings of a scope with the page's filters, unsorted and unpaged (the page pages them, the export reads them all through a cursor). */
export function filteredFindingsSql(query: Omit<FindingsPageQuery, 'offset' | 'limit' | 'sort' | 'dir'>, now: Date): Prisma.Sql {
  const request = { scope: query.scope, checks: query.check ? [query.check] : [...LINT_CHECKS], entity: null, relation: null, stale_lookahead_s: query.stale_lookahead_s };
  const search = query.q?.trim().toLowerCase();
  return Prisma.sql`
    SELECT f.* FROM (${findingsSql(request, now)}) f
    WHERE TRUE
      ${query.severity ? Prisma.sql`AND f.severity = ${query.severity}` : Prisma.empty}
      ${query.namespace !== undefined ? Prisma.sql`AND f.namespace = ${query.namespace}` : Prisma.empty}
      ${search ? Prisma.sql`AND strpos(f.entity, ${search}) > 0` : Prisma.empty}`;
}

export async function findingsPage(query: FindingsPageQuery): Promise<FindingsPage> {
  return readOnly(async (tx) => {
    const now = new Date();
    const rows = await tx.$queryRaw<(FindingRow & { total: bigint })[]>(Prisma.sql`
      SELECT p.*, count(*) OVER () AS total FROM (${filteredFindingsSql(query, now)}) p
      ${findingsOrderSql(query.sort, query.dir)}
      LIMIT ${query.limit} OFFSET ${query.offset}`);
    return {
      findings: rows.map((row) => ({ ...toFinding(row, query.scope), namespace: row.namespace })),
      total: rows.length ? Number(rows[0].total) : 0,
      offset: query.offset,
      limit: query.limit,
      checked_at: formatInstant(now),
    };
  });
}
