import { z } from 'zod';
import { apiRoute } from '@/lib/http/api-route';
import { queryUri } from '@/lib/facts/normalize';
import { queryLimit } from '@/lib/schemas/query-params';
import { CONFLICT_SORTS, CONFLICT_STATUS_FILTERS, listConflicts, listContradictions, SORT_DIRECTIONS } from '@/lib/conflicts/list-conflicts';
import { scopeSchema } from '@/lib/facts/scope';
import { methodNotAllowed } from '@/lib/http/method-not-allowed';
import { ConflictQueue } from '@/lib/wire/conflicts';

export const dynamic = 'force-dynamic';

const optionalBoolean = z
  .enum(['true', 'false', '1', '0'], { error: 'must be true or false' })
  .optional()
  .transform((v) => (v === undefined ? undefined : v === 'true' || v === '1'));

export const GET = apiRoute({
  permission: 'read',
  scope: ({ query }) => query.scope,
  query: z.object({
    status: z.enum(CONFLICT_STATUS_FILTERS, { error: `must be one of ${CONFLICT_STATUS_FILTERS.join(', ')}` }).default('all'),
    scope: scopeSchema.optional(),
    entity: queryUri,
    relation: z.string().optional(),
    namespace: z.string().min(1).max(100).transform((ns) => ns.replace(/:$/, '')).optional(),
    aged: optionalBoolean,
    has_suggestion: optionalBoolean,
    sort: z.enum(CONFLICT_SORTS, { error: `must be one of ${CONFLICT_SORTS.join(', ')}` }).default('detection'),
    /** Reverses the sort's own direction when it is the other one. */
    dir: z.enum(SORT_DIRECTIONS, { error: 'must be asc or desc' }).optional(),
    /** triple: one contradiction per contradicted triple (every live value, one decision) instead of the conflicts. */
    group: z.enum(['conflict', 'triple'], { error: 'must be conflict or triple' }).default('conflict'),
    cursor: z.string().optional(),
    limit: queryLimit(),
  }),
  response: ConflictQueue,
  handler: async ({ query: { group, ...query }, scopes }) => {
    const page = group === 'triple' ? await listContradictions({ ...query, scopes }) : await listConflicts({ ...query, scopes });
    return { ...page, has_more: page.cursor !== null };
  },
});

export const { POST, PUT, PATCH, DELETE, OPTIONS } = methodNotAllowed('GET');
