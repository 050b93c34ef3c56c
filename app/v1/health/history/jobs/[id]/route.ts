import { apiRoute } from '@/lib/http/api-route';
import { HistoryJob } from '@/lib/wire/health';
import { jobResponse } from '@/lib/jobs/jobs';
import { methodNotAllowed } from '@/lib/http/method-not-allowed';
import { recordScope } from '@/lib/auth/record-scope';

export const dynamic = 'force-dynamic';

export const GET = apiRoute({
  permission: 'read',
  scope: ({ params }) => recordScope('job', params.id),
  response: HistoryJob,
  handler: ({ params }) => jobResponse(params.id, 'history'),
});

export const { POST, PUT, PATCH, DELETE, OPTIONS } = methodNotAllowed('GET');
