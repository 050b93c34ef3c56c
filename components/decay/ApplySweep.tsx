'use client';

import { Link } from '@/components/ui/Link';
import { useState } from 'react';
import { errorDetail } from '@/lib/client/api-client';
import { isSweepJob, type SweepAnswer, useDecaySweepMutation } from '@/lib/decay/hooks/use-decay-sweep-mutation';
import type { DryRunResult } from '@/lib/decay/sweep-request';
import { describeSweep } from '@/lib/decay/view/describe-sweep';
import { entityHref } from '@/lib/conflicts/view/conflict-href';
import { ConfirmDialog } from '../ui/ConfirmDialog';
import { Notice } from '../ui/Notice';
import { buttonStyles, linkStyles } from '../ui/styles';
import { SweepJobProgress } from './SweepJobProgress';
import { SweepResultNotice } from './SweepResultNotice';

/** "Apply": confirms what will be written, runs the sweep, then shows progress or the counters. */
export function ApplySweep({ preview, factId, refreshing = false, onApplied }: { preview: DryRunResult; factId?: string | null; refreshing?: boolean; onApplied?: () => void }) {
  const [open, setOpen] = useState(false);
  const [answer, setAnswer] = useState<SweepAnswer | null>(null);
  const [jobRunning, setJobRunning] = useState(false);
  // The one-fact preview names its entity, to point at the history where the new fact now sits.
  const [entity] = useState(factId ? (preview.changes[0]?.entity ?? null) : null);
  const sweep = useDecaySweepMutation();
  const total = preview.dry_run_would_retract + preview.dry_run_would_reduce;
  const { headline, details } = describeSweep(preview, !!factId);

  return (
    <div className="space-y-3">
      <div className="flex flex-wrap items-center gap-3">
        {total ? (
          <button type="button" disabled={sweep.isPending || jobRunning || refreshing} onClick={() => (setOpen(true), setAnswer(null), sweep.reset())} className={buttonStyles.danger}>
            {factId ? 'Apply to this fact…' : 'Apply sweep…'}
          </button>
        ) : null}
        {jobRunning ? (
          <span className="text-sm text-slate-600">A sweep of this scope is running.</span>
        ) : refreshing ? (
          <span className="text-sm text-slate-600" role="status">
            Recomputing the preview…
          </span>
        ) : total || !answer ? (
          <span className="text-sm text-slate-600">{total ? headline : 'Nothing to apply.'}</span>
        ) : null}
      </div>
      <ConfirmDialog
        open={open}
        title={factId ? 'Apply decay to this fact?' : `Apply decay to scope “${preview.scope}”?`}
        confirmLabel={`Write ${total.toLocaleString('en-US')} fact${total === 1 ? '' : 's'}`}
        pending={sweep.isPending}
        onCancel={() => setOpen(false)}
        onConfirm={() =>
          sweep.mutate(
            { scope: preview.scope, fact_id: factId },
            {
              onSuccess: (result) => {
                setAnswer(result);
                setJobRunning(isSweepJob(result));
                setOpen(false);
                onApplied?.();
              },
              onError: () => setOpen(false),
            },
          )
        }
      >
        <p className="font-medium text-slate-900" data-testid="sweep-confirm-headline">
          {headline}
        </p>
        <ul className="mt-2 list-disc space-y-1 pl-5">
          {details.map((d) => (
            <li key={d}>{d}</li>
          ))}
        </ul>
      </ConfirmDialog>
      {sweep.isError ? (
        <Notice tone="error" title="The sweep did not run" testId="sweep-error">
          {errorDetail(sweep.error)}
        </Notice>
      ) : null}
      {answer ? (
        isSweepJob(answer) ? (
          <SweepJobProgress jobId={answer.job_id} estimatedS={answer.estimated_s} onFinished={() => setJobRunning(false)} />
        ) : (
          <SweepResultNotice result={answer} />
        )
      ) : null}
      {answer && !jobRunning && entity ? (
        <p className="text-sm">
          <Link href={entityHref(entity)} className={linkStyles}>
            See the new fact in the history of <span className="font-mono wrap-anywhere">{entity}</span>
          </Link>
        </p>
      ) : null}
    </div>
  );
}
