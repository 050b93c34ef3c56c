import { Prisma } from '../generated/prisma/client';
import type { AuditEntry } from '../generated/prisma/client';
import { readCursor } from '../db/read-cursor';
import type { FactScope } from '../facts/scope';
import { type AuditRecord, toAuditRecord } from './audit-record';
import { type AuditQuery, auditFilter } from './list-audit';

/** Every entry a query matches (the export, GET /v1/audit/export), newest first, read through a cursor. */
export function streamAudit(query: Omit<AuditQuery, 'cursor' | 'limit'>, held: readonly FactScope[]): AsyncGenerator<AuditRecord[]> {
  return readCursor<AuditEntry, AuditRecord>(
    Prisma.sql`
      SELECT id, at, action, outcome, status, key_id AS "keyId", actor, via, scopes, target_id AS "targetId",
        method, path, client_address AS "clientAddress", detail
      FROM audit_entries WHERE ${auditFilter(query, held)}
      ORDER BY id DESC`,
    { batchSize: 1000, map: (_tx, rows) => rows.map(toAuditRecord) },
  );
}
