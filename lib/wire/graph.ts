import { z } from 'zod';
import { Scope } from './records';
import { optionalAsOf } from './time-travel';

// Wire shape of GET /v1/graph/neighbors: an entity's neighbourhood along live ref values.

const NeighborItem = z.object({
  entity: z.string().min(1),
  relation: z.string().min(1).describe('The relation of the edge that reached this entity'),
  hops: z.number().int().min(1),
  confidence: z.number().min(0).max(1).describe("The edge's confidence"),
  path: z.array(z.string().min(1)).min(2).describe('The entities from the seed to this one, both included'),
  source_trust: z.null().describe('This node keeps no per-source trust score'),
  direction: z.enum(['out', 'in']).describe('out: the previous entity on the path holds the ref; in: this entity holds a ref to it'),
  fact_id: z.string().min(1).describe("The ref value's head fact"),
  scope: Scope,
});

export const NeighborsResponse = z.object({
  entity: z.string().min(1),
  depth: z.number().int().min(1),
  neighbors: z.array(NeighborItem),
  total_hint: z.number().int().min(0).describe('Every neighbour found, across pages'),
  next_cursor: z.string().min(1).nullable(),
  truncated: z.boolean().describe('The traversal stopped at its entity limit'),
  ...optionalAsOf,
});
