import { apiRoute } from '@/lib/http/api-route';
import { parseFindingsView } from '@/lib/health/findings-query';
import { jobFindingsPage } from '@/lib/lint/job-findings-page';

export const dynamic = 'force-dynamic';

// Dashboard-only: the job's status, and once it is done one page of its findings (the scope page's
// ?check=&severity=&namespace=&q=&sort=&dir=&page=, parsed as forgivingly as the page's URL).
export const GET = apiRoute({
  handler: ({ params, principal, req }) => jobFindingsPage(params.id, principal, parseFindingsView(new URL(req.url).searchParams)),
});
