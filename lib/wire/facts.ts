import { z } from 'zod';
import { FactBatch, FactList, FactRecord } from './records';
import { optionalAsOf } from './time-travel';

// Wire shapes of the fact routes beyond the records themselves: a page of facts, a write's answer, the provenance walk.

/** GET /v1/facts: a page; with as_of, the page as the log held it then. */
export const FactPage = FactList.extend({
  total: FactList.shape.total.describe('The facts on this page (the reference node\u2019s meaning), also sent as X-Total-Count'),
  cursor: FactList.shape.cursor.describe('Pass it back as cursor for the next page; null on the last'),
  ...optionalAsOf,
});

/** POST /v1/facts: the written fact, or {facts} for a batch (a body with `facts`). */
export const FactWriteAnswer = z.union([FactRecord, FactBatch]);

const ProvenanceEntry = z.object({
  hash: z.string().describe('The source the derived_from entry names (its fact_id, hash or id); "" when it names none'),
  exists: z.boolean().describe('False for a source that does not exist, lies in a scope the key cannot read, or is in quarantine'),
  fact_id: z.string().min(1).optional().describe('When it exists'),
  entity: z.string().min(1).optional().describe('When it exists'),
  depth: z.number().int().min(1).describe("1 for the fact's own entries, 2 for theirs, …"),
  via: z.string().min(1).describe('The fact whose derived_from holds this entry'),
});

/** GET /v1/facts/{id}/provenance: the derived_from walk, breadth first. */
export const ProvenanceAnswer = z.object({
  fact_id: z.string().min(1),
  cid: z.null().describe('This node has no content-addressed ids'),
  derived_from: z.array(ProvenanceEntry),
  depth: z.number().int().min(1),
  truncated: z.boolean().describe('The walk stopped (depth or entry limit) with sources left to follow'),
});
