import { z } from 'zod';
import { apiRoute } from '@/lib/http/api-route';
import { SynthesisEntriesPage } from '@/lib/wire/synthesis';
import { synthesisRequestSchema } from '@/lib/synthesis/synthesis-request';
import { synthesizeEntries } from '@/lib/synthesis/synthesize';

export const dynamic = 'force-dynamic';

// Dashboard-only: one page of synthesis entries (the body of POST /v1/synthesis with limit) without
// the scope's totals, which the page reads from /api/synthesis/stats.
export const POST = apiRoute({
  permission: 'read',
  body: synthesisRequestSchema.extend({ limit: z.number({ error: 'limit is required' }).int('limit must be an integer').min(1, 'limit must be at least 1').max(1000, 'limit must be at most 1000') }),
  scope: ({ body }) => body.scope,
  invalidStatus: 400,
  response: SynthesisEntriesPage,
  handler: ({ body }) => synthesizeEntries(body),
});
