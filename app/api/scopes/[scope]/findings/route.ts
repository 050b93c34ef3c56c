import { apiRoute } from '@/lib/http/api-route';
import { FindingsPage } from '@/lib/wire/lint';
import { findingsPage, findingsPageSchema } from '@/lib/lint/findings-page';

export const dynamic = 'force-dynamic';

// Dashboard-only: one page of a scope's lint findings, filtered and sorted in the database.
export const GET = apiRoute({
  permission: 'read',
  query: findingsPageSchema.omit({ scope: true }),
  scope: ({ params }) => findingsPageSchema.pick({ scope: true }).parse({ scope: params.scope }).scope,
  invalidStatus: 400,
  response: FindingsPage,
  handler: ({ query, scopes: [scope] }) => findingsPage({ ...query, scope }),
});
