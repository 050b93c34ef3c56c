import type { LintJob } from '@/lib/lint/hooks/use-lint-job-query';

const statusWords = { pending: 'Queued', running: 'Running', done: 'Done', failed: 'Failed' } as const;

/** A large scope's background lint: a progress bar while the job runs (§14.5). */
export function LintJobProgress({ scope, threshold, job, estimatedS }: { scope: string; threshold: number; job: LintJob | null; estimatedS: number | null }) {
  const percent = Math.round((job?.progress ?? 0) * 100);
  const status = job ? statusWords[job.status] : 'Starting';
  return (
    <section aria-labelledby="lint-job-title" data-testid="lint-job" className="rounded-xl border border-indigo-200 bg-white p-5 shadow-sm">
      <h2 id="lint-job-title" className="text-base font-semibold text-slate-900">
        Linting {scope} in the background
      </h2>
      <p className="mt-1 text-sm text-slate-600">
        {scope} holds more than {threshold.toLocaleString('en-US')} facts, the node&apos;s synchronous limit, so lint runs as a job and this page follows its progress.
        {estimatedS ? ` Estimated ${estimatedS} s.` : ''}
      </p>
      <div
        role="progressbar"
        aria-label="Lint progress"
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
        aria-valuetext={`${status}, ${percent}%`}
        className="mt-4 h-3 w-full overflow-hidden rounded-full bg-slate-100"
      >
        <div className="h-full rounded-full bg-indigo-600 transition-[width] duration-500 motion-reduce:transition-none" style={{ width: `${Math.max(percent, 2)}%` }} />
      </div>
      <p className="mt-2 flex justify-between text-xs text-slate-500" aria-live="polite">
        <span data-testid="lint-job-status">
          {status}
          {job ? <span className="ml-1 font-mono">· job {job.job_id.slice(0, 8)}</span> : null}
        </span>
        <span className="tabular-nums">{percent}%</span>
      </p>
    </section>
  );
}
