import { z } from 'zod';
import { Prisma } from '../generated/prisma/client';
import type { AuditEntry } from '../generated/prisma/client';
import { getDb } from '../db/prisma';
import { sqlArray } from '../db/sql-array';
import { badRequest } from '../errors/domain-error';
import { isoTimestamp } from '../facts/parse-fact-input';
import { FACT_SCOPES, type FactScope, scopeSchema } from '../facts/scope';
import { decodeCursor, encodeCursor, queryLimit } from '../schemas/query-params';
import { type AuditRecord, toAuditRecord } from './audit-record';

// GET /v1/audit: the audit log, newest first, filtered and paged by entry id. Scoped like every
// other read: a caller sees the entries whose scopes all lie within the scopes it administers, and
// node-wide entries (no scope: sign-ins, refusals before a scope was known, maintenance) only when
// it administers every scope (docs/api.md § Audit log).

export const auditQuerySchema = z.object({
  scope: scopeSchema.optional(),
  /** The actor's entity URI or key id. */
  actor: z.string().trim().min(1).max(2048).optional(),
  /** An action (`key.create`) or its family (`key`). */
  action: z.string().trim().regex(/^[a-z_]+(\.[a-z_]+)*$/, 'action is a name such as key.create, or a family such as key').max(100).optional(),
  outcome: z.enum(['success', 'denied', 'failure']).optional(),
  since: isoTimestamp.optional(),
  until: isoTimestamp.optional(),
  cursor: z.string().max(200).optional(),
  limit: queryLimit(50, 500),
});

export type AuditQuery = z.output<typeof auditQuerySchema>;

function cursorId(cursor: string | undefined): bigint | null {
  if (cursor === undefined) return null;
  const [id] = decodeCursor(cursor) ?? [];
  if (typeof id !== 'string' || !/^\d{1,19}$/.test(id)) throw badRequest('invalid_cursor', 'cursor: not a cursor this node issued');
  return BigInt(id);
}

/** The WHERE clause of a query within what `held` (the caller's administered scopes) may see. */
export function auditFilter(query: Omit<AuditQuery, 'cursor' | 'limit'>, held: readonly FactScope[], beforeId: bigint | null = null): Prisma.Sql {
  const every = held.length === FACT_SCOPES.length;
  const clauses: Prisma.Sql[] = [
    every ? Prisma.sql`TRUE` : Prisma.sql`cardinality(scopes) > 0 AND scopes <@ ${sqlArray(held)}::text[]`,
  ];
  if (query.scope) clauses.push(Prisma.sql`${query.scope} = ANY(scopes)`);
  if (query.actor) clauses.push(Prisma.sql`(actor = ${query.actor} OR key_id = ${query.actor})`);
  if (query.action) clauses.push(Prisma.sql`(action = ${query.action} OR action LIKE ${`${query.action}.%`})`);
  if (query.outcome) clauses.push(Prisma.sql`outcome = ${query.outcome}`);
  if (query.since) clauses.push(Prisma.sql`at >= ${new Date(query.since)}`);
  if (query.until) clauses.push(Prisma.sql`at < ${new Date(query.until)}`);
  if (beforeId !== null) clauses.push(Prisma.sql`id < ${beforeId}`);
  return Prisma.join(clauses, ' AND ');
}

export async function listAudit(query: AuditQuery, held: readonly FactScope[]): Promise<{ entries: AuditRecord[]; next_cursor: string | null }> {
  const db = await getDb();
  const rows = await db.$queryRaw<AuditEntry[]>`
    SELECT id, at, action, outcome, status, key_id AS "keyId", actor, via, scopes, target_id AS "targetId",
      method, path, client_address AS "clientAddress", detail
    FROM audit_entries WHERE ${auditFilter(query, held, cursorId(query.cursor))}
    ORDER BY id DESC LIMIT ${query.limit + 1}`;
  const page = rows.slice(0, query.limit);
  const more = rows.length > query.limit;
  return { entries: page.map(toAuditRecord), next_cursor: more ? encodeCursor([page.at(-1)!.id.toString()]) : null };
}
