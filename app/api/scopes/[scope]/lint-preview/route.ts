import { apiRoute } from '@/lib/http/api-route';
import { LintPreviewAnswer } from '@/lib/wire/lint';
import { scopeSchema } from '@/lib/facts/scope';
import { lintPreview, PREVIEW_API_BUDGET_MS } from '@/lib/lint/lint-preview';

export const dynamic = 'force-dynamic';

// Dashboard-only: a large scope's first findings in lint's order (one page of the paged lint), shown
// while its lint job runs (components/lint/LargeScopeFindings.tsx).
export const GET = apiRoute({
  permission: 'read',
  scope: ({ params }) => scopeSchema.parse(params.scope),
  invalidStatus: 400,
  response: LintPreviewAnswer,
  handler: ({ scopes: [scope] }) => lintPreview(scope, PREVIEW_API_BUDGET_MS),
});
