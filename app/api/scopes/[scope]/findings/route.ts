import { authorize } from '@/lib/auth/principal';
import { apiRoute } from '@/lib/http/api-route';
import { findingsPage, findingsPageSchema } from '@/lib/lint/findings-page';

export const dynamic = 'force-dynamic';

// Dashboard-only: one page of a scope's lint findings, filtered and sorted in the database.
export const GET = apiRoute({
  query: findingsPageSchema.omit({ scope: true }),
  invalidStatus: 400,
  handler: async ({ query, params, principal }) => {
    const { scope } = findingsPageSchema.pick({ scope: true }).parse({ scope: params.scope });
    authorize(principal, 'read', scope);
    return findingsPage({ ...query, scope });
  },
});
