import type { Principal } from '../auth/principal';
import { getDb, TX_OPTIONS, type Tx } from '../db/prisma';
import { conflict, notFound } from '../errors/domain-error';
import { config } from '../config/config';
import { lockWrites } from '../facts/write-facts';
import type { ConflictRow } from './conflict-record';

// Shared by resolve and dismiss: one transaction under the write lock that loads the conflict,
// refuses unknown (404) and decided (409) ones (the route authorized the scope), records the decision with its
// cooldown, and lets the caller write its facts.

export const DAY_MS = 24 * 60 * 60 * 1000;

export interface Decision {
  basis: 'manual' | 'evidence' | 'confidence' | 'dismissed';
  note: string;
}

/** The later end wins when a pair is decided twice: a cooldown is never shortened. */
export function cooldownEnd(now: Date, days: number, previous: Date | null): Date {
  const end = new Date(now.getTime() + days * DAY_MS);
  return previous && previous > end ? previous : end;
}

export async function decideConflict<T>(
  conflictId: string,
  principal: Principal,
  decision: Decision,
  writeFacts: (tx: Tx, row: ConflictRow, now: Date) => Promise<{ resolutionFactId: string | null; result: T }>,
): Promise<T> {
  const db = await getDb();
  return db.$transaction(async (tx) => {
    await lockWrites(tx);
    const [row] = await tx.$queryRaw<ConflictRow[]>`SELECT * FROM conflicts WHERE id = ${conflictId}`;
    if (!row) throw notFound('conflict_not_found', `no conflict with id ${conflictId}`);
    if (row.status !== 'unresolved') {
      throw conflict('conflict_already_resolved', `conflict ${conflictId} was already ${row.resolution_basis === 'dismissed' ? 'dismissed' : 'resolved'}${row.resolved_by ? ` by ${row.resolved_by}` : ''}`);
    }
    const now = new Date();
    const [previous] = await tx.$queryRaw<{ until: Date | null }[]>`
      SELECT max(do_not_reopen_before) AS until FROM conflicts
      WHERE entity = ${row.entity} AND relation = ${row.relation} AND scope = ${row.scope} AND pair_key = ${row.pair_key}`;
    const until = cooldownEnd(now, config().conflictCooldownDays, previous?.until ? new Date(previous.until) : null);
    // Decide first, so the facts written next see the conflict as decided and do not close it
    // again as "retracted" when they retract the losing value.
    await tx.$executeRaw`
      UPDATE conflicts SET status = 'resolved', resolved_at = ${now}, resolved_by = ${principal.entityUri},
        resolution_note = ${decision.note}, resolution_basis = ${decision.basis}, do_not_reopen_before = ${until}
      WHERE id = ${conflictId}`;
    const { resolutionFactId, result } = await writeFacts(tx, row, now);
    if (resolutionFactId) await tx.$executeRaw`UPDATE conflicts SET resolution_fact_id = ${resolutionFactId} WHERE id = ${conflictId}`;
    return result;
  }, TX_OPTIONS);
}
