import { Prisma } from '../generated/prisma/client';
import { readOnly } from '../db/read-only';
import type { FactScope } from '../facts/scope';
import { synthesisCtes } from './synthesis-sql';

// The synthesis page's confidence distribution: how many entries of a scope (one per triple, as
// POST /v1/synthesis answers them) fall in each tenth of [0, 1], and how many of those are
// contradicted (optionally for one entity). One aggregate over the synthesis CTEs in a READ ONLY transaction; the entries
// themselves never leave the database. Buckets: width_bucket 1..10 (1.0 itself gives 11).

export interface ConfidenceBucketRow {
  bucket: number;
  entries: number;
  contradicted: number;
}

export async function confidenceHistogram(scope: FactScope, includeExpired: boolean, entity: string | null = null): Promise<ConfidenceBucketRow[]> {
  return readOnly(async (tx) => {
    const rows = await tx.$queryRaw<{ bucket: number; entries: bigint; contradicted: bigint }[]>(Prisma.sql`
      ${synthesisCtes({ scope, entity, includeExpired, now: new Date() })}
      SELECT width_bucket(confidence, 0, 1, 10) AS bucket, count(*) AS entries, count(*) FILTER (WHERE conflict_id IS NOT NULL) AS contradicted
      FROM entries GROUP BY 1 ORDER BY 1`);
    return rows.map((r) => ({ bucket: Number(r.bucket), entries: Number(r.entries), contradicted: Number(r.contradicted) }));
  });
}
