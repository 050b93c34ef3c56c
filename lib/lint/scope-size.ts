import { Prisma } from '../generated/prisma/client';
import { readOnly } from '../db/read-only';
import type { FactScope } from '../facts/scope';
import { asyncThreshold } from '../jobs/jobs';

// Whether a page may lint a scope on the spot: its fact rows against a limit (the scope page uses
// STIGMEM_ASYNC_THRESHOLD, the same rule as POST /v1/lint in lint-scope.ts; the overview its own).
// The count stops at the limit plus one, so asking costs the same for 10M facts as for 100k (a
// full count took about a second at 10M, before the page's shell could go out).

/** The scope's fact count when it is at most `limit`, otherwise null; reads at most limit + 1 index entries. */
export async function factCountUpTo(scope: FactScope, limit: number): Promise<number | null> {
  const [{ n }] = await readOnly((tx) =>
    tx.$queryRaw<{ n: bigint }[]>(Prisma.sql`SELECT count(*)::bigint AS n FROM (SELECT 1 FROM facts WHERE scope = ${scope} LIMIT ${limit + 1}) x`),
  );
  return Number(n) > limit ? null : Number(n);
}

export async function scopeSize(scope: FactScope): Promise<{ threshold: number; needsJob: boolean }> {
  const threshold = asyncThreshold();
  return { threshold, needsJob: (await factCountUpTo(scope, threshold)) === null };
}
