import { performance } from 'node:perf_hooks';
import { getDb } from '../db/prisma';
import type { WebhookDelivery } from '../generated/prisma/client';
import { RETRY_WINDOW_MS, retryDelayMs, signBody } from './sign';
import { config } from '../config/config';
import { logger } from '../observability/logger';
import { type Span, SpanStatusCode } from '@opentelemetry/api';
import { withSpan } from '../observability/tracing';

// Sends due outbox rows. Never on a request's or a run's path: callers kick it with
// `scheduleDeliveries()` (setImmediate) and the scheduler drains it on every tick, so retries go
// out on time. Rows are claimed with a short lock (FOR UPDATE SKIP LOCKED), so two instances never
// send the same row at once; each POST times out after STIGMEM_WEBHOOK_TIMEOUT_MS (10 s).

const BATCH = 20;
const CLAIM_MS = 60_000;

export function webhookTimeoutMs(): number {
  return config().webhookTimeoutMs;
}

async function claimDue(now: Date): Promise<string[]> {
  const db = await getDb();
  const rows = await db.$queryRaw<{ id: string }[]>`
    UPDATE webhook_deliveries SET locked_until = ${new Date(now.getTime() + CLAIM_MS)}
    WHERE id IN (
      SELECT id FROM webhook_deliveries
      WHERE status = 'pending' AND next_attempt_at <= ${now} AND (locked_until IS NULL OR locked_until < ${now})
      ORDER BY next_attempt_at LIMIT ${BATCH} FOR UPDATE SKIP LOCKED)
    RETURNING id`;
  return rows.map((r) => r.id);
}

interface Attempt {
  ok: boolean;
  code: number | null;
  latencyMs: number;
  error: string | null;
}

async function post(url: string, secret: string, delivery: WebhookDelivery, now: Date): Promise<Attempt> {
  const timestamp = Math.floor(now.getTime() / 1000);
  const body = JSON.stringify({ ...(delivery.payload as object), delivery_id: delivery.id, timestamp });
  const t0 = performance.now();
  try {
    const res = await fetch(url, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'user-agent': 'stigmem-health-webhooks',
        'x-stigmem-event': delivery.event,
        'x-stigmem-delivery': delivery.id,
        'x-stigmem-timestamp': String(timestamp),
        'x-stigmem-signature': signBody(secret, body),
      },
      body,
      redirect: 'manual',
      signal: AbortSignal.timeout(webhookTimeoutMs()),
    });
    await res.body?.cancel().catch(() => undefined);
    const ok = res.status >= 200 && res.status < 300;
    return { ok, code: res.status, latencyMs: Math.round(performance.now() - t0), error: ok ? null : `receiver answered ${res.status}` };
  } catch (error) {
    // fetch wraps the network error ("fetch failed"); its cause names it (ECONNREFUSED, ENOTFOUND, …).
    const e = error as Error & { cause?: { code?: string; message?: string } };
    const reason = e.name === 'TimeoutError' ? `timed out after ${webhookTimeoutMs()} ms` : (e.cause?.code ?? e.cause?.message ?? e.message);
    return { ok: false, code: null, latencyMs: Math.round(performance.now() - t0), error: reason };
  }
}

function attempt(id: string, now: Date): Promise<void> {
  return withSpan('stigmem.webhook.delivery', { 'stigmem.delivery_id': id }, (span) => attemptDelivery(id, now, span));
}

async function attemptDelivery(id: string, now: Date, span: Span): Promise<void> {
  const db = await getDb();
  const delivery = await db.webhookDelivery.findUnique({ where: { id }, include: { webhook: true } });
  if (!delivery || delivery.status !== 'pending') return;
  const result = await post(delivery.webhook.url, delivery.webhook.secret, delivery, now);
  // The receiver's status, never its URL (it may hold a token).
  span.setAttributes({ 'stigmem.webhook_event': delivery.event, 'stigmem.attempt': delivery.attempts + 1, ...(result.code === null ? {} : { 'http.response.status_code': result.code }) });
  if (!result.ok) span.setStatus({ code: SpanStatusCode.ERROR, message: result.error ?? 'not delivered' });
  const attempts = delivery.attempts + 1;
  const next = new Date(now.getTime() + retryDelayMs(attempts));
  const expired = next.getTime() > delivery.createdAt.getTime() + RETRY_WINDOW_MS;
  const status = result.ok ? 'delivered' : expired ? 'failed' : 'pending';
  await db.webhookDelivery.update({
    where: { id },
    data: {
      status, attempts, lastAttemptAt: now, responseCode: result.code, latencyMs: result.latencyMs, lastError: result.error,
      nextAttemptAt: status === 'pending' ? next : null, lockedUntil: null,
    },
  });
}

/** Sends every due delivery once (the clock is injectable for tests); returns how many were tried. */
export async function deliverDue(now = new Date()): Promise<number> {
  let tried = 0;
  for (;;) {
    const ids = await claimDue(now);
    if (!ids.length) return tried;
    await Promise.all(ids.map((id) => attempt(id, now)));
    tried += ids.length;
  }
}

const state = globalThis as unknown as { __stigmemDelivery?: { running: boolean; again: boolean } };

/** Kicks a delivery pass after the current work; never throws, never waits. */
export function scheduleDeliveries(): void {
  const s = (state.__stigmemDelivery ??= { running: false, again: false });
  if (s.running) {
    s.again = true;
    return;
  }
  s.running = true;
  setImmediate(async () => {
    try {
      do {
        s.again = false;
        await deliverDue(new Date());
      } while (s.again);
    } catch (error) {
      logger().error({ err: error }, 'webhook delivery pass failed');
    } finally {
      s.running = false;
    }
  });
}
