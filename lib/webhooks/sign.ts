import { createHmac, timingSafeEqual } from 'node:crypto';

// The signature a receiver checks: `X-Stigmem-Signature: sha256=<hex HMAC-SHA256 of the exact body,
// keyed with the destination's secret>`. The body carries `timestamp` (Unix seconds, also in
// `X-Stigmem-Timestamp`) and `delivery_id`, so the signature covers both: a receiver refuses bodies
// older than a few minutes and ids it has seen, which stops replays.

export function signBody(secret: string, body: string): string {
  return `sha256=${createHmac('sha256', secret).update(body).digest('hex')}`;
}

export function verifySignature(secret: string, body: string, header: string | null): boolean {
  if (!header) return false;
  const expected = Buffer.from(signBody(secret, body));
  const given = Buffer.from(header);
  return expected.length === given.length && timingSafeEqual(expected, given);
}

/** Exponential backoff: 30 s after the first failure, doubling, at most an hour between tries. */
export function retryDelayMs(attempts: number): number {
  return Math.min(30_000 * 2 ** Math.max(0, attempts - 1), 3_600_000);
}

/** Deliveries are retried for this long after the event, then stored as failed. */
export const RETRY_WINDOW_MS = 24 * 3_600_000;
