import { apiRoute } from '@/lib/http/api-route';
import { LintJob } from '@/lib/wire/lint';
import { jobResponse } from '@/lib/jobs/jobs';
import { methodNotAllowed } from '@/lib/http/method-not-allowed';
import { recordScope } from '@/lib/auth/record-scope';

export const dynamic = 'force-dynamic';

export const GET = apiRoute({
  permission: 'read',
  scope: ({ params }) => recordScope('job', params.id),
  response: LintJob,
  handler: ({ params }) => jobResponse(params.id, 'lint'),
});

export const { POST, PUT, PATCH, DELETE, OPTIONS } = methodNotAllowed('GET');
