import { z } from 'zod';
import { FactRecord } from './records';
import { optionalAsOf } from './time-travel';

// Wire shapes of what an agent reads: a recall's scored facts, and a boot context.

/** A fact as recall hands it to an agent: its text fields made inert (lib/agent-text/agent-fact.ts). */
export const AgentFactRecord = FactRecord.extend({
  sanitizer_warnings: z.array(z.string().regex(/^(entity|relation|source|value):[a-z_]+$/)).describe('One "<field>:<change>" per change made to make the text inert'),
  sanitizer_redacted: z.literal(false).describe('This node never withholds a value'),
});

export const ScoredFact = z.object({
  fact: AgentFactRecord,
  score: z.number(),
  score_breakdown: z.object({
    lexical: z.number(),
    semantic: z.literal(0).describe('This node has no embedding model'),
    graph: z.number(),
    source_trust: z.number(),
    recency: z.number(),
    weighted_total: z.number(),
  }),
  hop_distance: z.number().int().min(0).describe('0 for a direct hit, 1 for a neighbour of one'),
  token_estimate: z.number().int().min(1),
});

/** POST /v1/recall: the reference node's RecallResponse. */
export const RecallResponse = z.object({
  recall_id: z.string().min(1),
  query_hash: z.string().regex(/^[0-9a-f]{64}$/).describe('SHA-256 of the query'),
  facts: z.array(ScoredFact),
  total_scored: z.number().int().min(0),
  token_budget: z.number().int().min(0),
  tokens_used: z.number().int().min(0),
  truncated: z.boolean().describe('The token budget left facts out'),
  content: z.array(ScoredFact).optional().describe('The reference node\u2019s content channel; left out with legacy_format'),
  instructions: z.array(ScoredFact).max(0).optional().describe('The reference node\u2019s instructions channel (always empty here); left out with legacy_format'),
});

/** POST /v1/context: a Spec-19 BootContext; with as_of, as it read then. */
export const BootContext = z.object({
  facts: z.array(FactRecord).describe('The winning fact of each live triple, highest confidence first'),
  summary: z.string().describe('The Markdown block an agent would receive'),
  ...optionalAsOf,
});
