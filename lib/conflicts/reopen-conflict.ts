import { randomUUID } from 'node:crypto';
import { getDb, TX_OPTIONS } from '../db/prisma';
import type { ConflictState } from '../facts/apply-facts';
import { insertConflicts } from '../facts/triple-store';
import { conflictSystemFacts, lockWrites, writeFactsInTx } from '../facts/write-facts';
import { conflict, notFound } from '../errors/domain-error';
import type { ConflictRow } from './conflict-record';
import { formatInstant } from '../time/instant';

// POST /v1/conflicts/:id/reopen: ends the pair's cooldown now. If both values are still live, the
// pair is a contradiction again at once and a new unresolved conflict is recorded (so the invariant
// "every live pair is unresolved or in cooldown" holds without waiting for the next write).

export async function reopenConflict(id: string) {
  const db = await getDb();
  return db.$transaction(async (tx) => {
    await lockWrites(tx);
    const [row] = await tx.$queryRaw<(ConflictRow & { value_a_hash: string })[]>`SELECT * FROM conflicts WHERE id = ${id}`;
    if (!row) throw notFound('conflict_not_found', `no conflict with id ${id}`);
    if (row.status === 'unresolved') throw conflict('conflict_not_decided', `conflict ${id} is unresolved: there is no decision to reopen`);
    const now = new Date();
    await tx.$executeRaw`
      UPDATE conflicts SET do_not_reopen_before = ${now}
      WHERE entity = ${row.entity} AND relation = ${row.relation} AND scope = ${row.scope} AND pair_key = ${row.pair_key}
        AND do_not_reopen_before > ${now}`;
    const heads = await tx.$queryRaw<{ value_hash: string; head_fact_id: string }[]>`
      SELECT value_hash, head_fact_id FROM value_heads
      WHERE entity = ${row.entity} AND relation = ${row.relation} AND scope = ${row.scope}
        AND value_hash IN (SELECT unnest(string_to_array(${row.pair_key}, ':')))
        AND confidence > 0 AND (valid_until IS NULL OR valid_until >= ${now})
      -- The new conflict keeps the decided one's sides: its value A first (without an order, the
      -- heads came back in whatever order their rows lay, and a reopened pair could swap sides).
      ORDER BY value_hash = ${row.value_a_hash} DESC`;
    const [open] = await tx.$queryRaw<{ id: string }[]>`
      SELECT id FROM conflicts WHERE entity = ${row.entity} AND relation = ${row.relation} AND scope = ${row.scope}
        AND pair_key = ${row.pair_key} AND status = 'unresolved' LIMIT 1`;
    let reopened: ConflictState | null = null;
    if (heads.length === 2 && !open) {
      const [a, b] = heads;
      reopened = {
        id: `stigmem:conflict:${randomUUID()}`,
        entity: row.entity,
        relation: row.relation,
        scope: row.scope,
        factAId: a.head_fact_id,
        factBId: b.head_fact_id,
        valueAHash: a.value_hash,
        valueBHash: b.value_hash,
        pairKey: row.pair_key,
        status: 'unresolved',
        detectedAt: now,
      };
      await insertConflicts(tx, [reopened]);
      await writeFactsInTx(tx, conflictSystemFacts([reopened], []), { mode: 'assert', now });
    }
    return { conflict_id: id, cooldown_ended_at: formatInstant(now), new_conflict_id: reopened?.id ?? open?.id ?? null };
  }, TX_OPTIONS);
}
