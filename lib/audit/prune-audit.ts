import { config } from '../config/config';
import { getDb, TX_OPTIONS } from '../db/prisma';

// Retention is the only way an audit entry leaves the log (STIGMEM_AUDIT_RETENTION_DAYS, 365 by
// default). The table's trigger refuses every DELETE unless the transaction names its cut-off, and
// never lets an entry younger than a day go; this prune is the one code path that names one. It
// runs on the scheduler's leader, hourly (lib/health-history/scheduler.ts).

export async function pruneAudit(now: Date, days = config().auditRetentionDays): Promise<number> {
  const cutoff = new Date(now.getTime() - days * 86400_000);
  const db = await getDb();
  return db.$transaction(async (tx) => {
    await tx.$queryRaw`SELECT set_config('stigmem.audit_prune_before', ${cutoff.toISOString()}, true)`;
    return tx.$executeRaw`DELETE FROM audit_entries WHERE at < ${cutoff}`;
  }, TX_OPTIONS);
}
