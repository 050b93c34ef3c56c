import { FIGURES, type FigureName, figureText, formatFigure } from '@/lib/figures/figures';
import type { DryRunResult } from '@/lib/decay/sweep-request';

function Stat({ figure, label, value, testId, tone = 'text-slate-900' }: { figure?: FigureName; label?: string; value: number; testId: string; tone?: string }) {
  const name = figure ? FIGURES[figure].label : (label ?? '');
  return (
    <div className="rounded-lg border border-slate-200 bg-white px-4 py-3">
      <dt className="text-xs font-medium text-slate-500" title={figure ? FIGURES[figure].definition : undefined}>
        {name}
      </dt>
      <dd className={`mt-1 text-2xl font-semibold tabular-nums ${tone}`} data-testid={testId} aria-label={figure ? figureText(figure, value) : `${name} ${formatFigure(value)}`}>
        {formatFigure(value)}
      </dd>
    </div>
  );
}

/**
 * The dry run's counters. Reach (values a policy governs) and changes (what the sweep would write
 * now) are different numbers, so each has its own label and both are shown side by side, the
 * changes split into retractions and reductions (docs/semantics.md § Figures).
 */
export function DryRunStats({ result }: { result: DryRunResult }) {
  const changes = result.dry_run_would_retract + result.dry_run_would_reduce;
  return (
    <dl className="grid grid-cols-2 gap-3 md:grid-cols-5">
      <Stat figure="decay_reach" value={result.facts_evaluated} testId="dry-run-evaluated" />
      <Stat figure="decay_changes" value={changes} testId="dry-run-changes" />
      <Stat figure="decay_retractions" value={result.dry_run_would_retract} testId="dry-run-would-retract" tone={result.dry_run_would_retract ? 'text-rose-700' : 'text-slate-900'} />
      <Stat figure="decay_reductions" value={result.dry_run_would_reduce} testId="dry-run-would-reduce" tone={result.dry_run_would_reduce ? 'text-sky-700' : 'text-slate-900'} />
      <Stat label="Policies with changes" value={result.counts_by_policy.filter((c) => c.would_retract + c.would_reduce > 0).length} testId="dry-run-policies" />
    </dl>
  );
}
