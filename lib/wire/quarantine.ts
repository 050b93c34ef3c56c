import { z } from 'zod';
import { FactValue, isoInstant, Scope } from './records';

// Wire shapes of Spec-08 quarantine: a quarantined fact as moderators see it.

export const QuarantineRecord = z.object({
  fact_id: z.string().min(1),
  entity: z.string().min(1),
  relation: z.string().min(1),
  scope: Scope,
  source: z.string().min(1),
  quarantine_status: z.enum(['pending', 'promoted', 'rejected']),
  quarantine_garden_id: z.string().regex(/^quarantine:/),
  quarantine_reason: z.string(),
  quarantine_acted_by: z.string().nullable(),
  quarantine_acted_at: isoInstant.nullable(),
  source_trust: z.null(),
  received_from: z.null(),
  timestamp: isoInstant,
  value: FactValue,
  confidence: z.number().min(0).max(1),
  signals: z.array(z.string()).describe("The detectors' signals, when they sent it"),
  score: z.number().min(0).max(1).nullable(),
  requested_by: z.string().min(1),
  quarantined_at: isoInstant,
  act_reason: z.string().nullable(),
});

/** GET /v1/quarantine. */
export const QuarantineList = z.object({ items: z.array(QuarantineRecord), total: z.number().int().min(0) });

/** POST /v1/quarantine. */
export const SentToQuarantine = QuarantineRecord.extend({ value_hidden: z.boolean().describe('The value left the reads (it was its triple\u2019s head)') });
