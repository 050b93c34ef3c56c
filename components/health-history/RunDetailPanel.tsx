import { Link } from '@/components/ui/Link';
import type { RunDetail } from '@/lib/health-history/run-queries';
import { DateTime } from '../ui/DateTime';
import { Notice } from '../ui/Notice';
import { cardStyles, linkStyles } from '../ui/styles';
import { FindingDiffList } from './FindingDiffList';

/** One run opened from the charts: its numbers, what was new and what was fixed since the run before. */
export function RunDetailPanel({ run, closeHref }: { run: RunDetail; closeHref: string }) {
  const seconds = run.duration_ms === null ? '—' : `${(run.duration_ms / 1000).toFixed(1)} s`;
  return (
    <section id="run" data-testid="run-detail" aria-labelledby="run-title" className={`${cardStyles} mt-6 p-5`}>
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div>
          <h2 id="run-title" className="text-base font-semibold text-slate-900">
            Run of <DateTime iso={run.started_at} />
          </h2>
          <p className="text-xs text-slate-500">
            {run.trigger} · {run.status === 'ok' ? `score ${run.score}` : run.status} · {seconds} · {run.fact_count.toLocaleString('en-US')} facts ·{' '}
            {run.pending_conflicts} pending, {run.aged_conflicts} aged contradictions
            {run.auto_resolved !== null ? ` · ${run.auto_resolved} auto-resolved` : ''}
            {run.decay_facts_written !== null ? ` · ${run.decay_facts_written} decay facts` : ''}
          </p>
        </div>
        <Link href={closeHref} scroll={false} className={`${linkStyles} text-sm`}>
          Close
        </Link>
      </div>
      {run.status === 'failed' ? (
        <div className="mt-4">
          <Notice tone="error" title="This run failed" testId="run-failed">
            <span className="wrap-anywhere">{run.error ?? 'No reason was recorded.'}</span>
          </Notice>
        </div>
      ) : (
        <div className="mt-4 grid gap-6 lg:grid-cols-2">
          <FindingDiffList
            testId="run-new"
            title="New since the previous run"
            findings={run.new_findings}
            total={run.new_count}
            scope={run.scope}
            empty={run.previous_run_id ? 'Nothing new.' : 'This is the first run: every finding is new.'}
          />
          <FindingDiffList testId="run-fixed" title="Fixed since the previous run" findings={run.fixed_findings} total={run.fixed_count} scope={run.scope} empty="Nothing was fixed." />
        </div>
      )}
    </section>
  );
}
