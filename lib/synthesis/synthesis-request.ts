import { z } from 'zod';
import type { FactValue } from '../facts/fact-value';
import { normalizeUri } from '../facts/normalize';
import { scopeSchema } from '../facts/scope';
import { bodyCursor, bodyPageLimit } from '../schemas/query-params';

// POST /v1/synthesis (§16.3) plus limit/cursor paging for the dashboard.

export const synthesisRequestSchema = z.object({
  scope: scopeSchema,
  entity: z.string().transform(normalizeUri).pipe(z.string().min(1, 'entity must not be empty').max(1024, 'entity is at most 1024 characters')).nullish(),
  min_confidence: z.number({ error: 'min_confidence must be a number in [0, 1]' }).min(0, 'min_confidence must be in [0, 1]').max(1, 'min_confidence must be in [0, 1]').nullish().transform((v) => v ?? 0),
  include_expired: z.boolean({ error: 'include_expired must be a boolean' }).nullish().transform((v) => v ?? false),
  /** Extension: only the contradicted entries in `summary`; the totals still count the whole scope. */
  contradicted_only: z.boolean({ error: 'contradicted_only must be a boolean' }).nullish().transform((v) => v ?? false),
  limit: bodyPageLimit,
  cursor: bodyCursor,
});
export type SynthesisRequest = z.output<typeof synthesisRequestSchema>;

export interface SynthesisEntry {
  entity: string;
  relation: string;
  scope: string;
  value: FactValue;
  confidence: number;
  hlc: string;
  contradicted: boolean;
  alt_value?: FactValue;
  alt_confidence?: number;
  /** Extensions for linking: the winning head fact, the alternative's fact and the open conflict. */
  fact_id: string;
  alt_fact_id?: string;
  conflict_id?: string;
}

export interface SynthesisTotals {
  synthesized_at: string;
  scope: string;
  fact_count: number;
  contradiction_count: number;
  filtered_count: number;
}

export interface SynthesisResponse extends SynthesisTotals {
  summary: SynthesisEntry[];
  /** Present when the request was paged (limit given). */
  next_cursor?: string | null;
  entry_count?: number;
}
