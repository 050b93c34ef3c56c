import { z } from 'zod';
import { isoInstant, Scope } from './records';

// Wire shape of GET /v1/changes: the counters pages poll to know they are out of date.

/** A counter as a decimal string (a PostgreSQL bigint). */
const counter = z.string().regex(/^\d+$/);

export const NodeChanges = z.object({
  as_of: isoInstant,
  change: z.string().regex(/^[0-9a-f]{20}$/).describe('Differs whenever anything below does'),
  scopes: z.array(
    z.object({
      scope: Scope,
      revision: counter.describe("Bumped by every write to the scope's facts, value heads, conflicts and contradictions"),
      activity: counter.describe('Bumped by health runs, alerts, rules and mutes of the scope'),
      expired_at: isoInstant.nullable().describe("The latest valid_until of the scope's values that has passed"),
    }),
  ),
  node_activity: counter.describe("The node's global alert rules and mutes"),
  mutes_expired_at: isoInstant.nullable(),
});
