import { acknowledgeAlerts, acknowledgeManySchema, acknowledgeTargets } from '@/lib/alerts/acknowledge-alerts';
import { apiRoute } from '@/lib/http/api-route';
import { AcknowledgedAlerts } from '@/lib/wire/alerts';
import { methodNotAllowed } from '@/lib/http/method-not-allowed';

export const dynamic = 'force-dynamic';

// Many alerts at once (ids, or a rule's open alerts on a scope): write on every scope they are in.
export const POST = apiRoute({
  permission: 'write',
  body: acknowledgeManySchema,
  scope: ({ body }) => acknowledgeTargets(body),
  audit: {
    action: 'alert.acknowledge_many',
    target: ({ body }) => (body.ids ? null : `${body.rule_id}|${body.scope}`),
    detail: (_input, result) => {
      const ids = (result as { alerts?: { id: string }[] } | undefined)?.alerts?.map((a) => a.id);
      return ids ? { count: ids.length, ids: ids.slice(0, 100) } : null;
    },
  },
  response: AcknowledgedAlerts,
  handler: ({ body, principal }) => acknowledgeAlerts(body, principal),
});

export const { GET, PUT, PATCH, DELETE, OPTIONS } = methodNotAllowed('POST');
