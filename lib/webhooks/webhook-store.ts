import { randomUUID } from 'node:crypto';
import { z } from 'zod';
import type { Principal } from '../auth/principal';
import { getDb, TX_OPTIONS } from '../db/prisma';
import type { Webhook } from '../generated/prisma/client';
import { type FactScope, scopeSchema } from '../facts/scope';
import { withinScopes } from '../auth/authority';
import { notFound } from '../errors/domain-error';
import { queryLimit } from '../schemas/query-params';
import { scheduleDeliveries } from './deliver';
import { enqueueEvent } from './outbox';
import { formatInstant, formatInstantOrNull } from '../time/instant';

// Webhook destinations (admin, within the admin's scopes: lib/auth/authority.ts): GET/POST /v1/webhooks, PUT/DELETE /v1/webhooks/:id, a test
// send and the delivery log. The secret is write-only: answers say whether one is set, never show it.

const urlSchema = z
  .string({ error: 'url must be a string' })
  .trim()
  .max(2000, 'url is at most 2000 characters')
  .refine((s) => {
    try {
      const u = new URL(s);
      return (u.protocol === 'http:' || u.protocol === 'https:') && !!u.hostname;
    } catch {
      return false;
    }
  }, 'url must be an absolute http:// or https:// URL');

export const webhookInputSchema = z.object({
  url: urlSchema,
  secret: z.string({ error: 'secret must be a string' }).min(16, 'secret must be at least 16 characters').max(500),
  scopes: z.array(scopeSchema).max(4).default([]),
});

export const deliveriesQuerySchema = z.object({ limit: queryLimit(50, 500) });

/** "failing": the latest attempt failed or a delivery gave up in the last 24 h; never silently dropped. */
export type WebhookHealth = 'ok' | 'failing' | 'unused';

async function describe(hook: Webhook) {
  const db = await getDb();
  const latest = await db.webhookDelivery.findFirst({ where: { webhookId: hook.id, lastAttemptAt: { not: null } }, orderBy: { lastAttemptAt: 'desc' } });
  const since = new Date(Date.now() - 86400_000);
  const [pending, failed] = await Promise.all([
    db.webhookDelivery.count({ where: { webhookId: hook.id, status: 'pending' } }),
    db.webhookDelivery.count({ where: { webhookId: hook.id, status: 'failed', lastAttemptAt: { gte: since } } }),
  ]);
  const health: WebhookHealth = !latest ? 'unused' : latest.status !== 'delivered' || failed > 0 ? 'failing' : 'ok';
  return {
    id: hook.id, url: hook.url, scopes: hook.scopes, secret_set: hook.secret.length > 0, created_by: hook.createdBy,
    created_at: formatInstant(hook.createdAt), updated_at: formatInstant(hook.updatedAt),
    health, pending_deliveries: pending, failed_last_24h: failed,
    last_attempt_at: formatInstantOrNull(latest?.lastAttemptAt), last_error: latest?.status === 'delivered' ? null : (latest?.lastError ?? null),
  };
}

async function found(id: string): Promise<Webhook> {
  const db = await getDb();
  const hook = await db.webhook.findUnique({ where: { id } });
  if (!hook) throw notFound('webhook_not_found', `no webhook with id ${id}`);
  return hook;
}

/** The destinations an admin of `scopes` may manage: all of whose scopes it holds; one of no scope (every scope's alerts) only with every scope. */
export async function listWebhooks(scopes: readonly FactScope[]) {
  const db = await getDb();
  const hooks = await db.webhook.findMany({ orderBy: [{ createdAt: 'asc' }, { id: 'asc' }] });
  return { webhooks: await Promise.all(hooks.filter((hook) => withinScopes(scopes, hook.scopes, 'global')).map(describe)) };
}

export async function createWebhook(input: z.output<typeof webhookInputSchema>, principal: Principal) {
  const db = await getDb();
  return describe(await db.webhook.create({ data: { id: randomUUID(), ...input, createdBy: principal.entityUri } }));
}

export async function replaceWebhook(id: string, input: z.output<typeof webhookInputSchema>) {
  await found(id);
  const db = await getDb();
  return describe(await db.webhook.update({ where: { id }, data: input }));
}

/** Deleting a destination drops its queued deliveries and its log. */
export async function deleteWebhook(id: string) {
  await found(id);
  const db = await getDb();
  await db.webhook.delete({ where: { id } });
}

/** Queues a `webhook.test` event for this destination only; it is sent like any other. */
export async function sendTest(id: string) {
  const hook = await found(id);
  const db = await getDb();
  const now = new Date();
  await db.$transaction((tx) => enqueueEvent(tx, { event: 'webhook.test', scope: null, text: `[Stigmem Health] test message for ${hook.url}` }, now, hook.id), TX_OPTIONS);
  scheduleDeliveries();
  return { queued: true, webhook_id: id };
}

export async function listDeliveries(id: string, limit: number) {
  await found(id);
  const db = await getDb();
  const rows = await db.webhookDelivery.findMany({ where: { webhookId: id }, orderBy: [{ createdAt: 'desc' }, { id: 'desc' }], take: limit });
  return {
    deliveries: rows.map((d) => ({
      id: d.id, event: d.event, status: d.status, attempts: d.attempts, created_at: formatInstant(d.createdAt),
      last_attempt_at: formatInstantOrNull(d.lastAttemptAt), next_attempt_at: formatInstantOrNull(d.nextAttemptAt),
      response_code: d.responseCode, latency_ms: d.latencyMs, last_error: d.lastError,
    })),
  };
}
