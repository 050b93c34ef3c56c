import { z } from 'zod';
import { isoInstant, Scope } from './records';

// Wire shapes of webhook destinations and their deliveries.

const count = z.number().int().min(0);

export const Webhook = z.object({
  id: z.string().uuid(),
  url: z.string().url(),
  scopes: z.array(Scope).describe('Empty: every scope'),
  secret_set: z.boolean().describe('The secret itself is never sent back'),
  created_by: z.string().min(1),
  created_at: isoInstant,
  updated_at: isoInstant,
  health: z.enum(['ok', 'failing', 'unused']).describe('failing: the latest attempt failed or a delivery gave up in the last 24 h'),
  pending_deliveries: count,
  failed_last_24h: count,
  last_attempt_at: isoInstant.nullable(),
  last_error: z.string().nullable(),
});
export const WebhookList = z.object({ webhooks: z.array(Webhook) });

export const WebhookDeliveries = z.object({
  deliveries: z.array(
    z.object({
      id: z.string().min(1),
      event: z.enum(['alert.opened', 'alert.updated', 'alert.acknowledged', 'alert.resolved', 'webhook.test']),
      status: z.enum(['pending', 'delivered', 'failed']),
      attempts: count,
      created_at: isoInstant,
      last_attempt_at: isoInstant.nullable(),
      next_attempt_at: isoInstant.nullable(),
      response_code: z.number().int().nullable(),
      latency_ms: count.nullable(),
      last_error: z.string().nullable(),
    }),
  ),
});

export const WebhookTestQueued = z.object({ queued: z.literal(true), webhook_id: z.string().min(1) });
