import { getDb } from '../db/prisma';
import type { ScopeReading } from '../facts/scope-revision';
import type { SynthesisStats } from './synthesis-stats';

// The synthesis page's statistics as last counted, in the database (table synthesis_stats): the
// in-process cache forgets them at a restart and each instance keeps its own, while a count takes
// half a minute at 10M facts. Written after a count the dashboard asked for; never by POST /v1/synthesis
// (§16: synthesis writes nothing), and outside the knowledge base.

export interface StoredStats {
  value: SynthesisStats;
  seen: ScopeReading;
}

export async function loadStoredStats(key: string): Promise<StoredStats | null> {
  const db = await getDb();
  const row = await db.synthesisStats.findUnique({ where: { key } });
  return row ? { value: row.stats as unknown as SynthesisStats, seen: { revision: String(row.revision), at: row.countedAt } } : null;
}

/** Keeps `stored` as `key`'s last count unless a later count is stored already (one statement: instances may race). */
export async function storeStats(key: string, scope: string, stored: StoredStats): Promise<void> {
  const db = await getDb();
  await db.$executeRaw`
    INSERT INTO synthesis_stats (key, scope, revision, counted_at, stats)
    VALUES (${key}, ${scope}, ${BigInt(stored.seen.revision)}, ${stored.seen.at}, ${JSON.stringify(stored.value)}::jsonb)
    ON CONFLICT (key) DO UPDATE SET scope = EXCLUDED.scope, revision = EXCLUDED.revision, counted_at = EXCLUDED.counted_at, stats = EXCLUDED.stats
    WHERE synthesis_stats.counted_at < EXCLUDED.counted_at`;
}
