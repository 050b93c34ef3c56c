import { HEALTH_SCORE_FORMULA, SEVERITY_WEIGHTS } from '@/lib/lint/health-score';
import { cardStyles } from '../ui/styles';

const WHAT: Record<keyof typeof SEVERITY_WEIGHTS, string> = {
  error: 'unresolved contradiction, broken handoff or context ref',
  warning: 'expired value still live, plain broken ref',
  info: 'orphaned entity, value expiring within the lookahead',
};

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
      <table className="mt-3 text-left text-sm">
        <caption className="sr-only">Weight of a finding by severity</caption>
        <thead className="text-xs text-slate-500 uppercase">
          <tr>
            <th scope="col" className="py-1 pr-6 font-semibold">
              Severity
            </th>
            <th scope="col" className="py-1 pr-6 font-semibold">
              Weight
            </th>
            <th scope="col" className="py-1 font-semibold">
              For example
            </th>
          </tr>
        </thead>
        <tbody>
          {(Object.keys(SEVERITY_WEIGHTS) as (keyof typeof SEVERITY_WEIGHTS)[]).map((severity) => (
            <tr key={severity}>
              <td className="py-1 pr-6">{severity}</td>
              <td className="py-1 pr-6 tabular-nums">{SEVERITY_WEIGHTS[severity]}</td>
              <td className="py-1">{WHAT[severity]}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <p className="mt-3 text-xs text-slate-500">
        Documented in <span className="font-mono">docs/decisions.md</span> (Lint → Health score); computed by <span className="font-mono">lib/lint/health-score.ts</span>.
      </p>
    </section>
  );
}
