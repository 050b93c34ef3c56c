'use client';

import { useRouter } from 'next/navigation';
import { useEffect, useId, useState } from 'react';
import { errorDetail } from '@/lib/client/api-client';
import { useHistoryJobQuery, useStartRebuildMutation } from '@/lib/health-history/hooks/use-history-rebuild';
import { InlineError } from '../ui/InlineError';
import { Notice } from '../ui/Notice';
import { buttonStyles, inputStyles, labelStyles } from '../ui/styles';

const DAY = 86_400_000;
const day = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/**
 * For an admin of the scope: replays the history of a range of days from the log
 * (POST /v1/health/history/rebuild), fills gaps and replaces the runs it held, with the job's progress.
 */
export function RebuildHistory({ scope }: { scope: string }) {
  const router = useRouter();
  const id = useId();
  const [from, setFrom] = useState(() => day(Date.now() - 30 * DAY));
  const [to, setTo] = useState(() => day(Date.now() - DAY));
  const [every, setEvery] = useState(24);
  const start = useStartRebuildMutation();
  const jobId = start.data?.job_id ?? null;
  const job = useHistoryJobQuery(jobId);
  const status = job.data?.status;
  useEffect(() => {
    if (status === 'done') router.refresh();
  }, [status, router]);
  const running = start.isPending || (jobId !== null && status !== 'done' && status !== 'failed' && !job.isError);
  const percent = Math.round((job.data?.progress ?? 0) * 100);

  return (
    <details className="mt-8 rounded-xl border border-slate-200 bg-white px-4 py-3 shadow-sm" data-testid="rebuild-history">
      <summary className="cursor-pointer text-sm font-semibold text-slate-800">Rebuild history from the log</summary>
      <p className="mt-2 text-sm text-slate-600">
        Replays one run per interval of the chosen days: each is the lint this node gives as of that instant, computed from the immutable log. Runs in the range are
        replaced (gaps filled, wrong runs repaired); alerts are not sent again.
      </p>
      <form
        className="mt-3 flex flex-wrap items-end gap-3"
        onSubmit={(event) => {
          event.preventDefault();
          // The last day ends at the current instant when it is today: the range must lie in the past.
          const end = Math.min(Date.parse(`${to}T23:59:59Z`), Date.now() - 60_000);
          start.mutate({ scope, from: `${from}T00:00:00Z`, to: new Date(end).toISOString(), every_hours: every });
        }}
      >
        <div>
          <label htmlFor={`${id}-from`} className={labelStyles}>
            From (UTC day)
          </label>
          <input id={`${id}-from`} type="date" required value={from} max={to} onChange={(e) => setFrom(e.target.value)} className={inputStyles} />
        </div>
        <div>
          <label htmlFor={`${id}-to`} className={labelStyles}>
            To (UTC day)
          </label>
          <input id={`${id}-to`} type="date" required value={to} min={from} max={day(Date.now())} onChange={(e) => setTo(e.target.value)} className={inputStyles} />
        </div>
        <div>
          <label htmlFor={`${id}-every`} className={labelStyles}>
            One run every
          </label>
          <select id={`${id}-every`} value={every} onChange={(e) => setEvery(Number(e.target.value))} className={inputStyles}>
            <option value={6}>6 hours</option>
            <option value={12}>12 hours</option>
            <option value={24}>day</option>
            <option value={168}>week</option>
          </select>
        </div>
        <button type="submit" className={buttonStyles.secondary} disabled={running}>
          {running ? 'Rebuilding…' : 'Rebuild'}
        </button>
      </form>
      <InlineError error={start.error} className="mt-2 text-sm text-rose-700" />
      {jobId && running ? (
        <div className="mt-3 text-sm text-slate-700" data-testid="rebuild-progress">
          <p>
            Replaying… {percent}% <span className="text-slate-500">(about {start.data?.estimated_s.toLocaleString('en-US')} s in all; you can leave this page)</span>
          </p>
          <div role="progressbar" aria-label="Rebuild progress" aria-valuemin={0} aria-valuemax={100} aria-valuenow={percent} className="mt-2 h-2 overflow-hidden rounded-full bg-slate-100">
            <div className="h-full rounded-full bg-indigo-600 transition-[width] motion-reduce:transition-none" style={{ width: `${percent}%` }} />
          </div>
        </div>
      ) : null}
      {job.isError ? (
        <div className="mt-3">
          <Notice tone="error" title="Could not follow the rebuild">
            {errorDetail(job.error)}
          </Notice>
        </div>
      ) : null}
      {status === 'failed' ? (
        <div className="mt-3">
          <Notice tone="error" title="The rebuild failed">
            {job.data?.error ?? 'No reason was recorded.'} Nothing was replaced: the runs are written together at the end.
          </Notice>
        </div>
      ) : null}
      {status === 'done' ? (
        <div className="mt-3">
          <Notice tone="success" title="History rebuilt" testId="rebuild-done">
            {job.data?.runs} runs replayed from the log, {job.data?.replaced} replaced{job.data?.repaired ? '; the next run’s new and fixed findings recomputed' : ''}.
          </Notice>
        </div>
      ) : null}
    </details>
  );
}
