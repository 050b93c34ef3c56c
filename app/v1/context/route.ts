import { authorize } from '@/lib/auth/principal';
import { apiRoute } from '@/lib/http/api-route';
import { bootContext, contextRequestSchema } from '@/lib/context/boot-context';
import { methodNotAllowed } from '@/lib/http/method-not-allowed';

export const dynamic = 'force-dynamic';

export const POST = apiRoute({
  body: contextRequestSchema,
  invalidStatus: 400,
  handler: async ({ body, principal }) => {
    authorize(principal, 'read', body.scope);
    return bootContext(body);
  },
});

export const { GET, PUT, PATCH, DELETE } = methodNotAllowed('POST');
