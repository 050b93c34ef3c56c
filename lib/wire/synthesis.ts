import { z } from 'zod';
import { CONFLICT_ID_PATTERN, FactValue, HLC_PATTERN, isoInstant, Scope } from './records';
import { optionalAsOf } from './time-travel';

// Wire shapes of synthesis (§16), of saved snapshots and of the dashboard's synthesis reads.

const count = z.number().int().min(0);
const confidence = z.number().min(0).max(1);
const conflictId = z.string().regex(CONFLICT_ID_PATTERN);

export const SynthesisEntry = z.object({
  entity: z.string().min(1),
  relation: z.string().min(1),
  scope: Scope,
  value: FactValue,
  confidence,
  hlc: z.string().regex(HLC_PATTERN),
  contradicted: z.boolean(),
  alt_value: FactValue.optional().describe('Contradicted: the strongest other live value'),
  alt_confidence: confidence.optional(),
  fact_id: z.string().min(1).describe('The winning head fact'),
  alt_fact_id: z.string().min(1).optional().describe("The alternative value's fact"),
  conflict_id: conflictId.optional().describe('Contradicted: the open conflict'),
});

const totals = {
  synthesized_at: isoInstant,
  scope: Scope,
  fact_count: count.describe('Live values of the scope'),
  contradiction_count: count,
  filtered_count: count.describe('Entries below min_confidence'),
};

/** POST /v1/synthesis: the whole synthesis (streamed), or one page with `limit` or `as_of`. */
export const SynthesisResponse = z.object({
  summary: z.array(SynthesisEntry),
  ...totals,
  next_cursor: z.string().min(1).nullable().optional().describe('Paged answers only: pass it back as cursor for the next page'),
  entry_count: count.optional().describe('Paged answers only: entries at or above min_confidence'),
  ...optionalAsOf,
});

/** POST /api/synthesis/entries: one page of entries, without the totals. */
export const SynthesisEntriesPage = z.object({ summary: z.array(SynthesisEntry), next_cursor: z.string().min(1).nullable() });

/** GET /api/synthesis/export?format=json: every entry of the page's filters. */
export const SynthesisExport = z.array(SynthesisEntry);

const CENTILES = 101;
/** GET /api/synthesis/stats: the synthesis page's statistics, and whether they still hold. */
export const SynthesisStatsReading = z.object({
  stats: z.object({
    fact_count: count,
    entries: z.array(count).length(CENTILES).describe('Index k: entries whose confidence is in [k/100, (k+1)/100); 100: confidence 1'),
    contradicted: z.array(count).length(CENTILES).describe('Of those, the contradicted ones'),
  }),
  counted_at: isoInstant,
  current: z.boolean().describe('False: the scope changed since they were counted; a recount is under way'),
});

export const SnapshotRecord = z.object({
  snapshot_id: z.string().uuid(),
  scope: Scope,
  label: z.string().nullable(),
  created_by: z.string().min(1),
  created_at: isoInstant,
  entry_count: count,
  contradiction_count: count,
});
export const SnapshotList = z.object({ snapshots: z.array(SnapshotRecord) });

const SnapshotEntry = z.object({
  entity: z.string().min(1),
  relation: z.string().min(1),
  value: FactValue,
  confidence,
  hlc: z.string().regex(HLC_PATTERN),
  fact_id: z.string().min(1),
  contradicted: z.boolean(),
  alt_value: FactValue.nullable().optional().describe('Contradicted entries only'),
  alt_confidence: confidence.nullable().optional().describe('Contradicted entries only'),
  conflict_id: conflictId.nullable().optional().describe('Contradicted entries only'),
});

/** GET /v1/synthesis/snapshots/:id: the snapshot and one page of its entries. */
export const SnapshotDetail = SnapshotRecord.extend({ entries: z.array(SnapshotEntry), offset: count, limit: z.number().int().min(1) });

const DiffRow = z.object({
  entity: z.string().min(1),
  relation: z.string().min(1),
  from_value: FactValue.nullable(),
  to_value: FactValue.nullable(),
  from_confidence: confidence.nullable(),
  to_confidence: confidence.nullable(),
  from_contradicted: z.boolean().nullable(),
  to_contradicted: z.boolean().nullable(),
  conflict_id: conflictId.nullable(),
});
const diffList = z.array(DiffRow).describe('At most `limit` rows; the counts give the totals');

/** GET /v1/synthesis/snapshots/diff: what changed from one snapshot to another of the same scope. */
export const SnapshotDiff = z.object({
  from: SnapshotRecord,
  to: SnapshotRecord,
  added: diffList,
  removed: diffList,
  value_changed: diffList,
  newly_contradicted: diffList,
  no_longer_contradicted: diffList,
  counts: z.object({ added: count, removed: count, value_changed: count, newly_contradicted: count, no_longer_contradicted: count }),
});
