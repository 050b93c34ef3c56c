import { getDb } from './prisma';

// A leased row (table `leases`): one holder per name until `expires_at`. Works the same on PGlite and
// on PostgreSQL shared by several app instances: acquiring is one upsert that only takes the row
// when it is free, expired or already ours, so two instances can never both hold it. The holder
// renews before expiry; a holder that dies simply lets the lease run out.

export interface LeaseOptions {
  name: string;
  holder: string;
  ttlMs: number;
}

/** Acquires or renews the lease at `now`; true while this holder has it. */
export async function acquireLease({ name, holder, ttlMs }: LeaseOptions, now: Date): Promise<boolean> {
  const db = await getDb();
  const expires = new Date(now.getTime() + ttlMs);
  const changed = await db.$executeRaw`
    INSERT INTO leases (name, holder, expires_at, updated_at) VALUES (${name}, ${holder}, ${expires}, ${now})
    ON CONFLICT (name) DO UPDATE SET holder = EXCLUDED.holder, expires_at = EXCLUDED.expires_at, updated_at = EXCLUDED.updated_at
    WHERE leases.holder = EXCLUDED.holder OR leases.expires_at <= ${now}`;
  return changed === 1;
}

/** Gives the lease up (on stop), so another instance can take over at once. */
export async function releaseLease(name: string, holder: string): Promise<void> {
  const db = await getDb();
  await db.lease.deleteMany({ where: { name, holder } });
}

export async function leaseHolder(name: string, now: Date): Promise<string | null> {
  const db = await getDb();
  const row = await db.lease.findUnique({ where: { name } });
  return row && row.expiresAt > now ? row.holder : null;
}
