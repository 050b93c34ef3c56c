import type { AuditEntry } from '../generated/prisma/client';
import { formatInstant } from '../time/instant';

/** An audit entry on the wire (GET /v1/audit, its export, the dashboard's audit page). */
export interface AuditRecord {
  id: string;
  at: string;
  action: string;
  outcome: string;
  status: number;
  key_id: string | null;
  actor: string | null;
  via: string;
  /** Empty: a node-wide entry. */
  scopes: string[];
  target_id: string | null;
  method: string | null;
  path: string | null;
  client_address: string | null;
  detail: unknown;
}

export function toAuditRecord(row: AuditEntry): AuditRecord {
  return {
    id: String(row.id),
    at: formatInstant(row.at),
    action: row.action,
    outcome: row.outcome,
    status: row.status,
    key_id: row.keyId,
    actor: row.actor,
    via: row.via,
    scopes: row.scopes,
    target_id: row.targetId,
    method: row.method,
    path: row.path,
    client_address: row.clientAddress,
    detail: row.detail ?? null,
  };
}
