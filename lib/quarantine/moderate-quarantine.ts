import { z } from 'zod';
import type { Principal } from '../auth/principal';
import { getDb, TX_OPTIONS, type Tx } from '../db/prisma';
import { conflict, notFound } from '../errors/domain-error';
import type { FactValue } from '../facts/fact-value';
import type { FactScope } from '../facts/scope';
import { settleTriples } from '../facts/settle-triples';
import { writeFactsInTx } from '../facts/write-facts';
import { lockTargets, type WriteTarget } from '../facts/write-locks';
import { Prisma } from '../generated/prisma/client';
import { QUARANTINE_COLUMNS, type QuarantineRecord, type QuarantineRow, toQuarantineRecord } from './quarantine-record';

// Spec-08 moderation (docs/api.md § Quarantine), each act one transaction holding its fact's entity lock:
//   send    POST /v1/quarantine {fact_id, reason}: the fact goes to quarantine (pending). Where it is
//           its value's head, the value leaves the knowledge base — effective confidence 0, out of
//           every read and of its contradiction — until a moderator admits it.
//   admit   POST /v1/quarantine/:fact_id/admit: promoted; the value is back and joins its triple's
//           contradiction as a write would let it.
//   reject  POST /v1/quarantine/:fact_id/reject: rejected; the value is retracted (a fact of the
//           moderator's, confidence 0), so it stays out however the quarantine is read. The
//           retraction carries the same value, so it is kept out of reads too (a quarantine row
//           with retraction_of set, left out of the moderator's list).
// Deciding an entry that is not pending answers 409.

export const sendBodySchema = z.object({
  fact_id: z.string().min(1).max(200),
  reason: z.string().min(1, 'reason must say why').max(2_000),
});
export const decideBodySchema = z.object({ reason: z.string().max(2_000).default('') }).default({ reason: '' });

interface FactRow {
  id: string;
  entity: string;
  relation: string;
  scope: string;
  value: FactValue;
  value_hash: string;
  source: string;
}

const triple = (f: { entity: string; relation: string; scope: string }) => ({ entity: f.entity, relation: f.relation, scope: f.scope });

/** Locks the entity of fact `id` (a fact's entity and scope never change) before its state is read. */
async function lockFactOf(tx: Tx, id: string): Promise<void> {
  await lockTargets(tx, await tx.$queryRaw<WriteTarget[]>`SELECT entity, scope FROM facts WHERE id = ${id}`);
}

async function factOf(tx: Tx, id: string): Promise<FactRow> {
  const [fact] = await tx.$queryRaw<FactRow[]>`SELECT id, entity, relation, scope, value, value_hash, source FROM facts WHERE id = ${id}`;
  if (!fact) throw notFound('fact_not_found', `no fact with id ${id}`);
  return fact;
}

async function recordOf(tx: Tx, factId: string): Promise<QuarantineRecord> {
  const [row] = await tx.$queryRaw<QuarantineRow[]>(Prisma.sql`SELECT ${Prisma.raw(QUARANTINE_COLUMNS)} FROM quarantine q JOIN facts f ON f.id = q.fact_id WHERE q.fact_id = ${factId}`);
  return toQuarantineRecord(row);
}

/** Hides the fact's value where the fact is its head; true when it was. */
async function hideHead(tx: Tx, fact: FactRow, principal: Principal, now: Date): Promise<boolean> {
  const hidden = await tx.$executeRaw`
    UPDATE value_heads SET quarantined = true, confidence = 0
    WHERE entity = ${fact.entity} AND relation = ${fact.relation} AND scope = ${fact.scope} AND value_hash = ${fact.value_hash} AND head_fact_id = ${fact.id}`;
  if (hidden) await settleTriples(tx, [{ ...triple(fact), left: [{ hash: fact.value_hash, leaver: { source: principal.entityUri, factId: fact.id } }] }], now);
  return hidden > 0;
}

export async function sendToQuarantine(body: z.infer<typeof sendBodySchema>, principal: Principal): Promise<QuarantineRecord & { value_hidden: boolean }> {
  const db = await getDb();
  return db.$transaction(async (tx) => {
    await lockFactOf(tx, body.fact_id);
    const now = new Date();
    const fact = await factOf(tx, body.fact_id);
    const [existing] = await tx.$queryRaw<{ status: string; retraction_of: string | null }[]>`SELECT status, retraction_of FROM quarantine WHERE fact_id = ${fact.id}`;
    if (existing?.status === 'pending') throw conflict('already_quarantined', `fact ${fact.id} is already in quarantine, waiting for a moderator`);
    // A rejected fact stays rejected: its value was retracted, and admitting it again would only show the fact row.
    if (existing?.status === 'rejected' && !existing.retraction_of) throw conflict('quarantine_already_decided', `fact ${fact.id} was rejected and its value retracted; write the value again to have it inspected anew`);
    if (existing?.retraction_of) throw conflict('quarantine_already_decided', `fact ${fact.id} retracts rejected fact ${existing.retraction_of}: it stays out of reads already`);
    await tx.$executeRaw`
      INSERT INTO quarantine (fact_id, entity, relation, scope, value_hash, source, status, reason, signals, score, requested_by, created_at)
      SELECT ${fact.id}, ${fact.entity}, ${fact.relation}, ${fact.scope}, ${fact.value_hash}, ${fact.source}, 'pending', ${body.reason},
        coalesce(vh.integrity_flags, ARRAY[]::text[]), vh.integrity_score, ${principal.entityUri}, ${now}
      FROM (SELECT 1) one LEFT JOIN value_heads vh
        ON vh.entity = ${fact.entity} AND vh.relation = ${fact.relation} AND vh.scope = ${fact.scope} AND vh.value_hash = ${fact.value_hash}
      ON CONFLICT (fact_id) DO UPDATE SET status = 'pending', reason = EXCLUDED.reason, signals = EXCLUDED.signals, score = EXCLUDED.score,
        requested_by = EXCLUDED.requested_by, created_at = EXCLUDED.created_at, acted_by = NULL, acted_at = NULL, act_reason = NULL`;
    const hidden = await hideHead(tx, fact, principal, now);
    return { ...(await recordOf(tx, fact.id)), value_hidden: hidden };
  }, TX_OPTIONS);
}

async function pendingFact(tx: Tx, factId: string): Promise<FactRow> {
  // An unknown fact is fact_not_found; a known one never sent to quarantine, not_in_quarantine.
  const fact = await factOf(tx, factId);
  const [entry] = await tx.$queryRaw<{ status: string; acted_by: string | null }[]>`SELECT status, acted_by FROM quarantine WHERE fact_id = ${factId}`;
  if (!entry) throw notFound('not_in_quarantine', `fact ${factId} is not in quarantine`);
  if (entry.status !== 'pending') throw conflict('quarantine_already_decided', `fact ${factId} was already ${entry.status}${entry.acted_by ? ` by ${entry.acted_by}` : ''}`);
  return fact;
}

async function decide(factId: string, status: 'promoted' | 'rejected', reason: string, principal: Principal, act: (tx: Tx, fact: FactRow, now: Date) => Promise<void>) {
  const db = await getDb();
  return db.$transaction(async (tx) => {
    await lockFactOf(tx, factId);
    const now = new Date();
    const fact = await pendingFact(tx, factId);
    await tx.$executeRaw`
      UPDATE quarantine SET status = ${status}, acted_by = ${principal.entityUri}, acted_at = ${now}, act_reason = ${reason} WHERE fact_id = ${factId}`;
    await act(tx, fact, now);
    return recordOf(tx, factId);
  }, TX_OPTIONS);
}

export function admitFact(factId: string, body: z.infer<typeof decideBodySchema>, principal: Principal): Promise<QuarantineRecord> {
  return decide(factId, 'promoted', body.reason, principal, async (tx, fact, now) => {
    const shown = await tx.$executeRaw`
      UPDATE value_heads SET quarantined = false, confidence = CASE WHEN triple_retracted THEN 0 ELSE head_confidence END
      WHERE entity = ${fact.entity} AND relation = ${fact.relation} AND scope = ${fact.scope} AND value_hash = ${fact.value_hash}
        AND head_fact_id = ${fact.id} AND quarantined`;
    if (shown) await settleTriples(tx, [{ ...triple(fact), joined: [fact.value_hash] }], now);
  });
}

export function rejectFact(factId: string, body: z.infer<typeof decideBodySchema>, principal: Principal): Promise<QuarantineRecord> {
  return decide(factId, 'rejected', body.reason, principal, async (tx, fact, now) => {
    const written = await writeFactsInTx(tx, [{ ...triple(fact), scope: fact.scope as FactScope, value: fact.value, source: principal.entityUri, confidence: 0, validUntil: null }], { mode: 'assert', now });
    // The retraction carries the rejected value: it stays out of every read too.
    const [retraction] = written.facts;
    await tx.$executeRaw`
      INSERT INTO quarantine (fact_id, entity, relation, scope, value_hash, source, status, reason, requested_by, created_at, acted_by, acted_at, act_reason, retraction_of)
      VALUES (${retraction.id}, ${fact.entity}, ${fact.relation}, ${fact.scope}, ${fact.value_hash}, ${principal.entityUri}, 'rejected',
        ${`the retraction of rejected fact ${fact.id}`}, ${principal.entityUri}, ${now}, ${principal.entityUri}, ${now}, ${body.reason}, ${fact.id})`;
  });
}
