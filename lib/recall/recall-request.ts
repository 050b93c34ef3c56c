import { z } from 'zod';
import { scopeSchema } from '../facts/scope';

// POST /v1/recall request (the reference node's RecallRequest). Bad input is a 422 with
// {"error","detail"}, as on the reference node; `depth` also takes 0 (no hops), which the official
// MCP adapter allows.

export const DEFAULT_WEIGHTS = { lexical: 0.35, semantic: 0.35, graph: 0.15, source_trust: 0.1, recency: 0.05 };
export type RecallWeights = typeof DEFAULT_WEIGHTS;

const weight = (name: keyof RecallWeights) =>
  z.number({ error: `weights.${name} must be a number` }).min(0, `weights.${name} must be in [0, 1]`).max(1, `weights.${name} must be in [0, 1]`).default(DEFAULT_WEIGHTS[name]);

export const recallRequestSchema = z.object({
  query: z
    .string({ error: 'query is required and must be a string' })
    .trim()
    .min(1, 'query must not be empty')
    .max(2000, 'query is longer than 2,000 characters'),
  scope: scopeSchema.default('local'),
  token_budget: z.number({ error: 'token_budget must be an integer' }).int('token_budget must be an integer').min(1, 'token_budget must be at least 1').max(200_000, 'token_budget must be at most 200,000').default(4000),
  depth: z.number({ error: 'depth must be an integer' }).int('depth must be an integer').min(0, 'depth must be in [0, 3]').max(3, 'depth must be in [0, 3]').default(2),
  min_confidence: z.number({ error: 'min_confidence must be a number' }).min(0, 'min_confidence must be in [0, 1]').max(1, 'min_confidence must be in [0, 1]').default(0.1),
  include_neighbors: z.boolean({ error: 'include_neighbors must be a boolean' }).default(true),
  limit: z.number({ error: 'limit must be an integer' }).int('limit must be an integer').min(1, 'limit must be at least 1').max(500, 'limit must be at most 500').default(100),
  weights: z
    .object({ lexical: weight('lexical'), semantic: weight('semantic'), graph: weight('graph'), source_trust: weight('source_trust'), recency: weight('recency') }, { error: 'weights must be an object' })
    .nullish()
    .transform((w) => w ?? DEFAULT_WEIGHTS),
});

export type RecallRequest = z.output<typeof recallRequestSchema>;
