import { apiRoute } from '@/lib/http/api-route';
import { bootContext, contextRequestSchema } from '@/lib/context/boot-context';
import { methodNotAllowed } from '@/lib/http/method-not-allowed';

export const dynamic = 'force-dynamic';

export const POST = apiRoute({
  permission: 'read',
  body: contextRequestSchema,
  scope: ({ body }) => body.scope,
  invalidStatus: 400,
  handler: ({ body }) => bootContext(body),
});

export const { GET, PUT, PATCH, DELETE, OPTIONS } = methodNotAllowed('POST');
