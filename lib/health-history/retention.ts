import { getDb } from '../db/prisma';
import { config } from '../config/config';

// Keeps every run for STIGMEM_HEALTH_RETENTION_DAYS (90); older runs are thinned to the last run of
// each scope and UTC day, so the long-range charts keep one point a day at a bounded cost.

export async function compactRuns(now: Date, days = config().healthRetentionDays): Promise<number> {
  const db = await getDb();
  const cutoff = new Date(now.getTime() - days * 86400_000);
  return db.$executeRaw`
    DELETE FROM health_runs h
    WHERE h.started_at < ${cutoff} AND h.status <> 'running' AND EXISTS (
      SELECT 1 FROM health_runs later
      WHERE later.scope = h.scope AND later.status <> 'running'
        AND (later.started_at AT TIME ZONE 'UTC')::date = (h.started_at AT TIME ZONE 'UTC')::date
        AND (later.started_at, later.id) > (h.started_at, h.id))`;
}
