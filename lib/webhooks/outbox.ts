import { randomUUID } from 'node:crypto';
import type { Tx } from '../db/prisma';
import type { Prisma } from '../generated/prisma/client';

// The durable outbox: an event becomes one delivery row per matching destination, written in the
// same transaction as the change it reports (an alert transition), so none is lost and none is sent
// for a change that rolled back. Sending happens later, off the request (lib/webhooks/deliver.ts).

export type WebhookEvent = 'alert.opened' | 'alert.updated' | 'alert.acknowledged' | 'alert.resolved' | 'webhook.test';

export interface OutboxPayload {
  event: WebhookEvent;
  scope: string | null;
  /** Slack-compatible: Slack, Teams and Google Chat incoming webhooks show it as the message. */
  text: string;
  [key: string]: unknown;
}

/** Queues `payload` for every destination that covers its scope; returns how many rows were queued. */
export async function enqueueEvent(tx: Tx, payload: OutboxPayload, now: Date, onlyWebhookId?: string): Promise<number> {
  const hooks = await tx.webhook.findMany({ where: onlyWebhookId ? { id: onlyWebhookId } : {}, select: { id: true, scopes: true } });
  const targets = hooks.filter((h) => onlyWebhookId || !payload.scope || h.scopes.length === 0 || h.scopes.includes(payload.scope));
  if (!targets.length) return 0;
  await tx.webhookDelivery.createMany({
    data: targets.map((h) => ({ id: randomUUID(), webhookId: h.id, event: payload.event, payload: payload as Prisma.InputJsonValue, status: 'pending', createdAt: now, nextAttemptAt: now })),
  });
  return targets.length;
}
