import { z } from 'zod';
import { isoInstant, Scope } from './records';

// Wire shapes of the async jobs (lint §14.5, decay §15.4, health history rebuilds): the 202 that
// starts one and what GET /v1/{kind}/jobs/:id answers while it runs and once it is done.

export const JobAccepted = z.object({
  job_id: z.string().uuid(),
  status: z.literal('pending'),
  estimated_s: z.number().int().min(1).describe('Seconds the job is expected to take'),
});

const jobFields = {
  job_id: z.string().uuid(),
  scope: Scope,
  progress: z.number().min(0).max(1).describe('Share of the work done, 0–1'),
  estimated_s: z.number().int().min(1),
  requested_by: z.string().min(1).describe('Entity URI of the key that started the job'),
  created_at: isoInstant,
  started_at: isoInstant.nullable(),
  finished_at: isoInstant.nullable(),
  claimed_by: z.string().nullable().describe('The instance running (or that ran) the job'),
  attempts: z.number().int().min(0).describe('How many instances claimed the job in turn'),
};

/**
 * A job of `kind` as GET answers it: its own fields, a reason when it failed, and once done the body
 * the synchronous call would have answered (`result`).
 */
export function jobRecord<K extends string, R extends z.ZodRawShape>(kind: K, result: R) {
  const fields = { ...jobFields, kind: z.literal(kind) };
  return z.discriminatedUnion('status', [
    z.object({ ...fields, status: z.enum(['pending', 'running']) }),
    z.object({ ...fields, status: z.literal('failed'), error: z.string().min(1).describe('Why the job failed (a restart cut it off, or its error)') }),
    z.object({ ...fields, status: z.literal('done'), ...result }),
  ]);
}
