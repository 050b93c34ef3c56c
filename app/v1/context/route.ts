import { apiRoute } from '@/lib/http/api-route';
import { bootContext, contextIn, contextRequestSchema } from '@/lib/context/boot-context';
import { asOfField, asOfFields, readAsOf } from '@/lib/time-travel/as-of';
import { atInstant } from '@/lib/time-travel/at-instant';
import { methodNotAllowed } from '@/lib/http/method-not-allowed';
import { BootContext } from '@/lib/wire/recall';

export const dynamic = 'force-dynamic';

export const POST = apiRoute({
  permission: 'read',
  body: contextRequestSchema.extend({ as_of: asOfField }),
  scope: ({ body }) => body.scope,
  invalidStatus: 400,
  response: BootContext,
  handler: async ({ body: { as_of, ...body } }) => {
    if (as_of === undefined) return bootContext(body);
    // The context an agent would have received then (docs/api.md § Time travel).
    const asOf = await readAsOf(as_of);
    const context = await atInstant(asOf, { scopes: [body.scope], entity: body.entity ?? undefined }, (tx, at) => contextIn(tx, body, at));
    return { ...context, ...asOfFields(asOf) };
  },
});

export const { GET, PUT, PATCH, DELETE, OPTIONS } = methodNotAllowed('POST');
