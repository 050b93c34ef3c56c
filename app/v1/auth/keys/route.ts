import { authorize } from '@/lib/auth/principal';
import { apiRoute } from '@/lib/http/api-route';
import { createApiKey, createKeySchema } from '@/lib/auth/create-api-key';
import { listApiKeys } from '@/lib/auth/list-api-keys';
import { methodNotAllowed } from '@/lib/http/method-not-allowed';

export const dynamic = 'force-dynamic';

export const POST = apiRoute({
  body: createKeySchema,
  status: 201,
  handler: async ({ body, principal }) => {
    authorize(principal, 'admin');
    return createApiKey(body);
  },
});

export const GET = apiRoute({
  handler: async ({ principal }) => {
    authorize(principal, 'admin');
    return listApiKeys();
  },
});

export const { PUT, PATCH, DELETE } = methodNotAllowed('GET', 'POST');
