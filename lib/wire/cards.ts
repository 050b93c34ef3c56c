import { z } from 'zod';
import { isoInstant, Scope } from './records';
import { SynthesisEntry } from './synthesis';
import { optionalAsOf } from './time-travel';

// Wire shapes of the reference node's per-entity and per-scope summaries: memory cards and
// GET /v1/scopes/{scope}/synthesize.

/** GET /v1/cards/{entity}: the reference node's MemoryCard; with as_of, as it read then. */
export const MemoryCard = z.object({
  entity_uri: z.string().min(1),
  scope: Scope,
  summary: z.string().min(1),
  fact_hashes: z.array(z.string().min(1)).min(1).describe('The ids of the facts the card was built from (this node has no content hashes)'),
  avg_confidence: z.number().min(0).max(1),
  refreshed_at: isoInstant,
  is_stale: z.boolean(),
  has_contradictions: z.boolean(),
  ...optionalAsOf,
});

const confidence = z.number().min(0).max(1);

/** A synthesis entry as the reference node names it: with `id` and the head's freshness. */
const ReferenceSynthesisFact = SynthesisEntry.extend({
  id: z.string().min(1).describe('The winning head fact, under the reference node\u2019s name'),
  freshness: z.object({
    timestamp: isoInstant,
    age_s: z.number().int().min(0),
    valid_until: isoInstant.nullable(),
    expired: z.boolean(),
  }),
});

/** GET /v1/scopes/{scope}/synthesize: the reference node's synthesis, strongest entries first. */
export const ReferenceSynthesis = z.object({
  scope: Scope,
  synthesized_at: isoInstant,
  facts: z.array(ReferenceSynthesisFact),
  stats: z.object({
    fact_count: z.number().int().min(0),
    entry_count: z.number().int().min(0),
    returned: z.number().int().min(0),
    contradiction_count: z.number().int().min(0),
    mean_confidence: confidence.nullable(),
  }),
});
