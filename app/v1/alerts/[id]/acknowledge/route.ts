import { acknowledgeAlert, acknowledgeSchema } from '@/lib/alerts/acknowledge-alerts';
import { apiRoute } from '@/lib/http/api-route';
import { AlertRecord } from '@/lib/wire/alerts';
import { methodNotAllowed } from '@/lib/http/method-not-allowed';
import { recordScope } from '@/lib/auth/record-scope';

export const dynamic = 'force-dynamic';

export const POST = apiRoute({
  permission: 'write',
  body: acknowledgeSchema,
  scope: ({ params }) => recordScope('alert', params.id),
  audit: { action: 'alert.acknowledge', target: ({ params }) => params.id },
  response: AlertRecord,
  handler: ({ params, body, principal }) => acknowledgeAlert(params.id, body.note ?? null, principal),
});

export const { GET, PUT, PATCH, DELETE, OPTIONS } = methodNotAllowed('POST');
