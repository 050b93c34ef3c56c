import { apiRoute } from '@/lib/http/api-route';
import { keyReach } from '@/lib/keys/key-reach';
import { revokeApiKey } from '@/lib/keys/list-api-keys';
import { methodNotAllowed } from '@/lib/http/method-not-allowed';

export const dynamic = 'force-dynamic';

export const DELETE = apiRoute({
  permission: 'admin',
  scope: ({ params }) => keyReach(params.id),
  statuses: [204],
  audit: { action: 'key.revoke', target: ({ params }) => params.id },
  handler: async ({ params }) => {
    await revokeApiKey(params.id);
    return new Response(null, { status: 204 });
  },
});

export const { GET, POST, PUT, PATCH, OPTIONS } = methodNotAllowed('DELETE');
