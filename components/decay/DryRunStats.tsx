import type { DryRunResult } from '@/lib/decay/sweep-request';

function Stat({ label, value, testId, tone = 'text-slate-900' }: { label: string; value: number; testId: string; tone?: string }) {
  return (
    <div className="rounded-lg border border-slate-200 bg-white px-4 py-3">
      <dt className="text-xs font-medium text-slate-500">{label}</dt>
      <dd className={`mt-1 text-2xl font-semibold tabular-nums ${tone}`} data-testid={testId}>
        {value.toLocaleString('en-US')}
      </dd>
    </div>
  );
}

/** The dry run's counters: values a policy reaches, what the sweep would write, and by how many policies. */
export function DryRunStats({ result }: { result: DryRunResult }) {
  return (
    <dl className="grid grid-cols-2 gap-3 md:grid-cols-4">
      <Stat label="Values a policy reaches" value={result.facts_evaluated} testId="dry-run-evaluated" />
      <Stat label="Would retract" value={result.dry_run_would_retract} testId="dry-run-would-retract" tone={result.dry_run_would_retract ? 'text-rose-700' : 'text-slate-900'} />
      <Stat label="Would reduce" value={result.dry_run_would_reduce} testId="dry-run-would-reduce" tone={result.dry_run_would_reduce ? 'text-sky-700' : 'text-slate-900'} />
      <Stat label="Policies with changes" value={result.counts_by_policy.filter((c) => c.would_retract + c.would_reduce > 0).length} testId="dry-run-policies" />
    </dl>
  );
}
