import { dehydrate, HydrationBoundary, QueryClient } from '@tanstack/react-query';
import { lintJobPageKey, lintStartKey } from '@/lib/lint/lint-job-keys';
import type { ScopeLintStart } from '@/lib/health-history/start-scope-lint';
import type { FindingsView } from '@/lib/lint/view/findings-query';
import { LargeScopeFindings } from './LargeScopeFindings';
import type { FindingActor } from '@/lib/lint/view/finding-actor';

/**
 * A large scope's findings once the server started its lint (start-scope-lint.ts): the job and, for
 * this view, its first page go into the browser's query cache under the keys its hook reads, newer
 * than anything cached from an earlier visit, so the browser shows them at once or polls the job.
 */
export async function LargeScopeFindingsLoader({
  lint,
  ...props
}: {
  lint: Promise<ScopeLintStart | null>;
  scope: string;
  threshold: number;
  view: FindingsView;
  actor: FindingActor;
}) {
  const started = await lint;
  const cache = new QueryClient();
  if (started) {
    cache.setQueryData(lintStartKey(props.scope), started.job);
    cache.setQueryData(lintJobPageKey(started.job.job_id, props.view), started.page);
  }
  return (
    <HydrationBoundary state={dehydrate(cache)}>
      <LargeScopeFindings {...props} unchangedJob={started?.unchanged ? started.job.job_id : undefined} />
    </HydrationBoundary>
  );
}
