import { z } from 'zod';
import { ContradictionRecord } from './records';

// The dashboard's downloads of the review queue and of the review history, in their JSON form
// (?format=json; the default CSV has one column per field).

const count = z.number().int().min(0);

/** GET /api/conflicts/export?format=json: the review queue with the page's filters, every page of it. */
export const ContradictionExport = z.array(ContradictionRecord);

/** GET /api/conflicts/history/export?format=json: one row per UTC day. */
export const ReviewHistoryExport = z.array(
  z.object({
    day: z.string().regex(/^\d{4}-\d{2}-\d{2}$/),
    detected: count,
    resolved: count,
    resolved_manual: count,
    resolved_evidence: count,
    resolved_confidence: count,
    resolved_retracted: count,
    dismissed: count,
    pending: count.nullable().describe('null: no health run that day'),
    mean_pending_age_days: z.number().min(0).nullable().describe('null: no health run that day'),
  }),
);
