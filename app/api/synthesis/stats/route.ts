import { z } from 'zod';
import { apiRoute } from '@/lib/http/api-route';
import { SynthesisStatsReading } from '@/lib/wire/synthesis';
import { queryUri } from '@/lib/facts/normalize';
import { scopeSchema } from '@/lib/facts/scope';
import { pageSynthesisStats } from '@/lib/synthesis/synthesis-stats';

export const dynamic = 'force-dynamic';

// Dashboard-only: the synthesis page's statistics of a scope (?scope=&entity=&include_expired=1):
// entries per hundredth of confidence, live facts, when they were counted and whether they still
// hold (lib/synthesis/synthesis-stats.ts).
export const GET = apiRoute({
  permission: 'read',
  query: z.object({ scope: scopeSchema, entity: queryUri, include_expired: z.enum(['0', '1']).optional() }),
  scope: ({ query }) => query.scope,
  invalidStatus: 400,
  response: SynthesisStatsReading,
  handler: ({ query }) => pageSynthesisStats({ scope: query.scope, entity: query.entity ?? null, includeExpired: query.include_expired === '1' }),
});
