import { HEALTH_SCORE_FORMULA, SEVERITY_WEIGHTS } from '@/lib/lint/health-score';
import { type Column, DataTable } from '../ui/DataTable';
import { cardStyles } from '../ui/styles';

type Severity = keyof typeof SEVERITY_WEIGHTS;
const SEVERITIES = Object.keys(SEVERITY_WEIGHTS) as Severity[];

const WHAT: Record<Severity, string> = {
  error: 'unresolved contradiction, broken handoff or context ref',
  warning: 'expired value still live, plain broken ref',
  info: 'orphaned entity, value expiring within the lookahead',
};

const columns: Column<Severity>[] = [
  { key: 'severity', header: 'Severity', cell: (severity) => severity },
  { key: 'weight', header: 'Weight', className: 'tabular-nums', cell: (severity) => SEVERITY_WEIGHTS[severity] },
  { key: 'example', header: 'For example', cell: (severity) => WHAT[severity] },
];

/** How the health score is computed: the target of the "?" next to every score. */
export function ScoreExplainer() {
  return (
    <section id="health-score" aria-labelledby="health-score-title" className={`${cardStyles} mt-8 scroll-mt-6 p-5 text-sm text-slate-700`}>
      <h2 id="health-score-title" className="text-base font-semibold text-slate-900">
        How the health score is computed
      </h2>
      <p className="mt-2">
        <code className="rounded bg-slate-100 px-1.5 py-0.5 text-xs text-slate-800">{HEALTH_SCORE_FORMULA}</code>
      </p>
      <p className="mt-2">Each finding costs a share of one live value, by severity; the score is the share of live values left unharmed, so it compares scopes of any size.</p>
      <DataTable
        columns={columns}
        rows={SEVERITIES}
        rowKey={(severity) => severity}
        caption="Weight of a finding by severity"
        variant="plain"
        className="mt-3"
      />
      <p className="mt-3 text-xs text-slate-500">
        Documented in <span className="font-mono">docs/decisions.md</span> (Lint → Health score); computed by <span className="font-mono">lib/lint/health-score.ts</span>.
      </p>
    </section>
  );
}
