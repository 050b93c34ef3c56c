import type { Principal } from '../auth/principal';
import { getDb } from '../db/prisma';
import type { AuditAction } from './audit-actions';
import { FACT_SCOPES } from '../facts/scope';
import { logger } from '../observability/logger';

// Appends one entry to the audit log (Spec-09; docs/decisions.md § Audit log). Callers record an
// act once its outcome is known — the route wrapper after the handler answered (or was refused),
// the scheduler after a run — so an entry never joins, delays or rolls back the act's own
// transaction. The table refuses every change but the retention prune (migration *_audit_entries).

export type AuditOutcome = 'success' | 'denied' | 'failure';

/** 401 and 403 are refusals of the caller; any other 4xx or 5xx is a failure of the act. */
export function outcomeOf(status: number): AuditOutcome {
  if (status === 401 || status === 403) return 'denied';
  return status >= 400 ? 'failure' : 'success';
}

export interface AuditActor {
  keyId: string | null;
  entityUri: string | null;
  /** How the actor was recognised, or `system` for the node's own scheduler. */
  via: Principal['via'] | 'system';
}

export const actorOf = (principal: Principal): AuditActor => ({ keyId: principal.keyId, entityUri: principal.entityUri, via: principal.via });

/** The node itself (scheduled sweeps and auto-resolve runs, retention). */
export const SYSTEM_ACTOR: AuditActor = { keyId: null, entityUri: 'stigmem://local/health-scheduler', via: 'system' };

export interface AuditEvent {
  action: AuditAction;
  /** The HTTP status the act was answered with (200 for a scheduled run that finished). */
  status: number;
  actor: AuditActor;
  /** The scopes the act touched; none = node-wide (shown only to admins of every scope). */
  scopes: readonly string[];
  targetId?: string | null;
  method?: string | null;
  path?: string | null;
  clientAddress?: string | null;
  detail?: Record<string, unknown> | null;
}

/** Cuts text a client chose (a path, an id) to a bounded length: an entry never grows with input. */
const bounded = (text: string | null | undefined, max: number) => (text == null ? null : text.length > max ? `${text.slice(0, max - 1)}…` : text);

export async function recordAudit(event: AuditEvent): Promise<void> {
  const db = await getDb();
  await db.auditEntry.create({
    data: {
      // The node's clock, like every other time it records (and the one the tests move).
      at: new Date(),
      action: event.action,
      outcome: outcomeOf(event.status),
      status: event.status,
      keyId: event.actor.keyId,
      actor: bounded(event.actor.entityUri, 2048),
      via: event.actor.via,
      // In the protocol's order (local, team, company, public), as every other list of scopes.
      scopes: FACT_SCOPES.filter((scope) => event.scopes.includes(scope)),
      targetId: bounded(event.targetId, 512),
      method: event.method ?? null,
      path: bounded(event.path, 1024),
      clientAddress: bounded(event.clientAddress, 200),
      detail: (event.detail ?? undefined) as object | undefined,
    },
  });
}

/**
 * recordAudit for an act that has already happened: a failed insert is logged (with the action and
 * status, so the operator can tell what went unrecorded) and does not fail the act after the fact.
 */
export async function recordAuditOrLog(event: AuditEvent): Promise<void> {
  try {
    await recordAudit(event);
  } catch (error) {
    logger().error({ err: error, action: event.action, status: event.status }, 'an audit entry could not be written');
  }
}
