import { apiRoute } from '@/lib/http/api-route';
import { createApiKey, createKeySchema } from '@/lib/keys/create-api-key';
import { listApiKeys } from '@/lib/keys/list-api-keys';
import { methodNotAllowed } from '@/lib/http/method-not-allowed';

export const dynamic = 'force-dynamic';

export const POST = apiRoute({
  permission: 'admin',
  body: createKeySchema,
  status: 201,
  handler: ({ body }) => createApiKey(body),
});

export const GET = apiRoute({
  permission: 'admin',
  handler: () => listApiKeys(),
});

export const { PUT, PATCH, DELETE, OPTIONS } = methodNotAllowed('GET', 'POST');
