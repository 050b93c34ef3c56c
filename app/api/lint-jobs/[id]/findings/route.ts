import { apiRoute } from '@/lib/http/api-route';
import { JobFindingsPage } from '@/lib/wire/lint';
import { parseFindingsView } from '@/lib/lint/view/findings-query';
import { jobFindingsPage } from '@/lib/lint/job-findings-page';
import { recordScope } from '@/lib/auth/record-scope';

export const dynamic = 'force-dynamic';

// Dashboard-only: the job's status, and once it is done one page of its findings (the scope page's
// ?check=&severity=&namespace=&q=&sort=&dir=&page=, parsed as forgivingly as the page's URL).
export const GET = apiRoute({
  permission: 'read',
  scope: ({ params }) => recordScope('job', params.id),
  ownQuery: true,
  response: JobFindingsPage,
  handler: ({ params, req }) => jobFindingsPage(params.id, parseFindingsView(new URL(req.url).searchParams)),
});
