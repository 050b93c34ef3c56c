import { dehydrate, HydrationBoundary, QueryClient } from '@tanstack/react-query';
import { lintJobPageKey, lintPreviewKey, lintStartKey } from '@/lib/lint/lint-job-keys';
import type { ScopeLintStart } from '@/lib/health-history/start-scope-lint';
import type { FindingsView } from '@/lib/lint/view/findings-query';
import { LargeScopeFindings } from './LargeScopeFindings';
import type { FindingActor } from '@/lib/lint/view/finding-actor';
import { type LintPreview, PREVIEW_WAIT_MS } from '@/lib/lint/lint-preview';

/**
 * A large scope's findings once the server started its lint (start-scope-lint.ts): the job and, for
 * this view, its first page go into the browser's query cache under the keys its hook reads, newer
 * than anything cached from an earlier visit, so the browser shows them at once or polls the job.
 */
export async function LargeScopeFindingsLoader({
  lint,
  preview,
  ...props
}: {
  lint: Promise<ScopeLintStart | null>;
  /** The first findings, shown while the job runs: waited for at most PREVIEW_WAIT_MS (the browser asks for it otherwise). */
  preview: Promise<LintPreview | null>;
  scope: string;
  threshold: number;
  view: FindingsView;
  actor: FindingActor;
}) {
  const started = await lint;
  // Only a job still running shows the preview (a finished one shows its findings).
  const open = started && (started.page.job.status === 'pending' || started.page.job.status === 'running');
  const read = open ? await within(preview, PREVIEW_WAIT_MS) : null;
  const cache = new QueryClient();
  if (started) {
    cache.setQueryData(lintStartKey(props.scope), started.job);
    cache.setQueryData(lintJobPageKey(started.job.job_id, props.view), started.page);
    if (read) cache.setQueryData(lintPreviewKey(props.scope, started.job.job_id), read);
  }
  return (
    <HydrationBoundary state={dehydrate(cache)}>
      <LargeScopeFindings {...props} unchangedJob={started?.unchanged ? started.job.job_id : undefined} />
    </HydrationBoundary>
  );
}

/** `promise`'s value, or null when it takes longer than `ms`. */
async function within<T>(promise: Promise<T | null>, ms: number): Promise<T | null> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<null>((resolve) => (timer = setTimeout(() => resolve(null), ms)));
  try {
    return await Promise.race([promise, late]);
  } finally {
    clearTimeout(timer);
  }
}
