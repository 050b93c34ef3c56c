import type { LintFinding } from './lint-request';

// The §14.2 finding order in JavaScript, the same as FINDING_ORDER in SQL (finding-sql.ts): severity,
// check, entity, relation (nulls first), then the first fact id, byte-wise. Pure, so the async lint
// job (server) and the findings table of a finished job (browser) share it.

export const SEVERITY_RANK = { error: 0, warning: 1, info: 2 } as const;
export const CHECK_RANK = { contradiction: 0, stale: 1, orphan: 2, broken_ref: 3, namespacing: 4, injection: 5, sensitive: 6 } as const;
/** A (severity, check) block of the order as one number: severity rank × BLOCK_STRIDE + check rank (findingsJsonSql computes the same). */
export const BLOCK_STRIDE = 8;
export const findingBlock = (severity: keyof typeof SEVERITY_RANK, check: keyof typeof CHECK_RANK) => SEVERITY_RANK[severity] * BLOCK_STRIDE + CHECK_RANK[check];

const byRank = <K extends string>(ranks: Record<K, number>) => Object.fromEntries(Object.entries(ranks).map(([key, rank]) => [rank, key])) as Record<number, K>;
const SEVERITY_OF_RANK = byRank(SEVERITY_RANK);
const CHECK_OF_RANK = byRank(CHECK_RANK);

/** The (severity, check) of a block number: findingBlock's inverse. */
export function blockFinding(block: number): { severity: keyof typeof SEVERITY_RANK; check: keyof typeof CHECK_RANK } {
  return { severity: SEVERITY_OF_RANK[Math.floor(block / BLOCK_STRIDE)], check: CHECK_OF_RANK[block % BLOCK_STRIDE] };
}

export const bytewise = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

export function compareFindings(a: LintFinding, b: LintFinding): number {
  return (
    SEVERITY_RANK[a.severity] - SEVERITY_RANK[b.severity] ||
    CHECK_RANK[a.check] - CHECK_RANK[b.check] ||
    bytewise(a.entity, b.entity) ||
    (a.relation === null ? (b.relation === null ? 0 : -1) : b.relation === null ? 1 : bytewise(a.relation, b.relation)) ||
    bytewise(a.fact_ids[0] ?? '', b.fact_ids[0] ?? '')
  );
}
