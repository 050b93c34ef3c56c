import { z } from 'zod';
import { Prisma } from '../generated/prisma/client';
import { getDb } from '../db/prisma';
import { type FactScope, scopeSchema } from '../facts/scope';
import { QUARANTINE_COLUMNS, QUARANTINE_STATUSES, type QuarantineRecord, type QuarantineRow, toQuarantineRecord } from './quarantine-record';

// GET /v1/quarantine (Spec-08, the reference node's query and answer): the quarantined facts of the
// scopes the moderator administers, newest first, paged by limit and offset.

export const quarantineQuerySchema = z.object({
  scope: scopeSchema.optional(),
  /** The reference's name, and a shorter one. */
  quarantine_status: z.enum(QUARANTINE_STATUSES, { error: `must be one of ${QUARANTINE_STATUSES.join(', ')}` }).optional(),
  status: z.enum(QUARANTINE_STATUSES, { error: `must be one of ${QUARANTINE_STATUSES.join(', ')}` }).optional(),
  limit: z.coerce.number({ error: 'must be a number' }).int('must be an integer').min(1).max(1000).default(100),
  offset: z.coerce.number({ error: 'must be a number' }).int('must be an integer').min(0).max(1_000_000).default(0),
});

export async function listQuarantine(query: z.infer<typeof quarantineQuerySchema>, scopes: FactScope[]): Promise<{ items: QuarantineRecord[]; total: number }> {
  if (!scopes.length) return { items: [], total: 0 };
  const status = query.quarantine_status ?? query.status;
  const where = Prisma.sql`q.scope = ANY(${scopes}::text[]) AND q.retraction_of IS NULL ${status ? Prisma.sql`AND q.status = ${status}` : Prisma.empty}`;
  const db = await getDb();
  const rows = await db.$queryRaw<QuarantineRow[]>(Prisma.sql`
    SELECT ${Prisma.raw(QUARANTINE_COLUMNS)} FROM quarantine q JOIN facts f ON f.id = q.fact_id
    WHERE ${where} ORDER BY q.created_at DESC, q.fact_id LIMIT ${query.limit} OFFSET ${query.offset}`);
  const [{ n }] = await db.$queryRaw<{ n: bigint }[]>(Prisma.sql`SELECT count(*) AS n FROM quarantine q WHERE ${where}`);
  return { items: rows.map(toQuarantineRecord), total: Number(n) };
}
