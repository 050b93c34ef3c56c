import { authorize } from '@/lib/auth/principal';
import { apiRoute } from '@/lib/http/api-route';
import { revokeApiKey } from '@/lib/auth/list-api-keys';
import { methodNotAllowed } from '@/lib/http/method-not-allowed';

export const dynamic = 'force-dynamic';

export const DELETE = apiRoute({
  handler: async ({ params, principal }) => {
    authorize(principal, 'admin');
    await revokeApiKey(params.id);
    return new Response(null, { status: 204 });
  },
});

export const { GET, POST, PUT, PATCH } = methodNotAllowed('DELETE');
