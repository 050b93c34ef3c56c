import { z } from 'zod';
import { apiRoute } from '@/lib/http/api-route';
import { ScopeHealthList } from '@/lib/wire/health';
import { scopeHealth } from '@/lib/lint/lint-summary';
import { scopeSchema } from '@/lib/facts/scope';

export const dynamic = 'force-dynamic';

// Dashboard-only: the health cards, one per scope the key can read (or the one asked for).
export const GET = apiRoute({
  permission: 'read',
  // A scope the key cannot read is left out silently, as the overview page does.
  scope: 'listing',
  query: z.object({ scope: scopeSchema.optional() }),
  response: ScopeHealthList,
  handler: async ({ query, scopes: readable }) => {
    const scopes = readable.filter((s) => !query.scope || s === query.scope);
    const scopesHealth = [];
    // One at a time: on the embedded database queries run one after another anyway.
    for (const scope of scopes) scopesHealth.push(await scopeHealth(scope));
    return { scopes: scopesHealth };
  },
});
