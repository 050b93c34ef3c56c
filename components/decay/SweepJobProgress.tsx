'use client';

import { useEffect } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { errorDetail } from '@/lib/client/api-client';
import { invalidateAfterSweep } from '@/lib/decay/hooks/use-decay-sweep-mutation';
import { useDecayJobQuery } from '@/lib/decay/hooks/use-decay-job-query';
import { Notice } from '../ui/Notice';
import { SweepResultNotice } from './SweepResultNotice';

/** A sweep running as a job (202): progress while it runs, then its counters. */
export function SweepJobProgress({ jobId, estimatedS, onFinished }: { jobId: string; estimatedS: number; onFinished?: () => void }) {
  const job = useDecayJobQuery(jobId);
  const queryClient = useQueryClient();
  const status = job.data?.status;

  const lost = job.isError;
  useEffect(() => {
    if (status === 'done') void invalidateAfterSweep(queryClient);
    // Finished, failed, or no longer followable: Apply is offered again (a sweep is resumable).
    if (status === 'done' || status === 'failed' || lost) onFinished?.();
    // onFinished is a fresh closure on every render; only the status matters.
  }, [status, lost, queryClient]);

  if (job.isError) {
    return (
      <Notice tone="error" title="Could not follow the sweep job">
        {errorDetail(job.error)} The sweep may still be running; job id <span className="font-mono">{jobId}</span>.
      </Notice>
    );
  }
  if (status === 'done') return <SweepResultNotice result={job.data!} />;
  if (status === 'failed') {
    return (
      <Notice tone="error" title="The sweep job failed" testId="sweep-job-failed">
        {job.data?.error ?? 'No reason was recorded.'} A sweep is resumable: applying again finishes what is left.
      </Notice>
    );
  }
  const percent = Math.round((job.data?.progress ?? 0) * 100);
  return (
    <div className="rounded-lg border border-sky-200 bg-sky-50 px-4 py-3 text-sm text-sky-900" data-testid="sweep-progress">
      <p className="font-semibold">
        Sweeping… {percent}% <span className="font-normal">({status ?? 'pending'}, about {estimatedS.toLocaleString('en-US')} s in all)</span>
      </p>
      <div role="progressbar" aria-label="Sweep progress" aria-valuemin={0} aria-valuemax={100} aria-valuenow={percent} className="mt-2 h-2 overflow-hidden rounded-full bg-sky-100">
        <div className="h-full rounded-full bg-sky-600 transition-[width] motion-reduce:transition-none" style={{ width: `${percent}%` }} />
      </div>
      <p className="mt-2 text-xs">The scope is above the async threshold, so the node runs the sweep as a job. You can leave this page; the job carries on.</p>
    </div>
  );
}
