import type { FactRecord } from '@/lib/facts/fact-record';
import type { LintFinding } from '@/lib/lint/lint-request';
import { DateTime } from '../ui/DateTime';
import { ValueText } from '../ui/ValueText';
import { FindingSide } from './FindingSide';
import { Chips } from '../ui/Chips';
import { signalLabel } from '@/lib/integrity/view/signal-label';

/**
 * What a finding is about, readable at a glance: a contradiction's two values side by side, when a
 * stale value expired (or expires), a broken reference's missing target, what the integrity detectors saw. The lint's own sentence
 * stays one click away (always shown when there is nothing better to show).
 */
export function FindingDetail({ finding, facts }: { finding: LintFinding; facts?: Record<string, FactRecord> }) {
  const summary = glance(finding, facts);
  if (!summary) return <ValueText text={finding.detail} />;
  return (
    <>
      {summary}
      <details className="mt-1.5 text-xs text-slate-600">
        <summary className="cursor-pointer font-medium text-slate-500 hover:text-slate-700">Detail</summary>
        <div className="mt-1">
          <ValueText text={finding.detail} />
        </div>
      </details>
    </>
  );
}

function glance(finding: LintFinding, facts: Record<string, FactRecord> | undefined) {
  if (finding.check === 'contradiction' && facts && finding.fact_ids.length === 2) {
    const [a, b] = finding.fact_ids;
    return (
      <div className="grid gap-2 sm:grid-cols-2" data-testid="finding-sides">
        <FindingSide label="Value A" fact={facts[a!]} />
        <FindingSide label="Value B" fact={facts[b!]} />
      </div>
    );
  }
  if (finding.check === 'stale' && finding.valid_until) {
    // The lint calls a value that has already expired a warning, one that expires soon info.
    return (
      <p data-testid="finding-expiry">
        {finding.severity === 'warning' ? 'Expired' : 'Expires'} <DateTime iso={finding.valid_until} />
      </p>
    );
  }
  if (finding.check === 'broken_ref' && finding.ref_target) {
    return (
      <p data-testid="finding-missing-target">
        Missing target <code className="rounded bg-rose-50 px-1 py-0.5 font-mono text-xs wrap-anywhere text-rose-800">{finding.ref_target}</code>
      </p>
    );
  }
  if ((finding.check === 'injection' || finding.check === 'sensitive') && finding.signals?.length) {
    return <IntegritySignals finding={finding} />;
  }
  return null;
}

/** What the detectors saw, never the value itself: the score, and each signal (a secret only masked). */
function IntegritySignals({ finding }: { finding: LintFinding }) {
  const signals = [...new Set((finding.signals ?? []).map((flag) => signalLabel(flag)))];
  return (
    <div className="space-y-1" data-testid="finding-signals">
      {finding.score !== undefined ? (
        <p className="flex items-center gap-2 text-xs text-slate-600">
          <span>Score</span>
          <span className="h-1.5 w-20 overflow-hidden rounded-full bg-slate-200" aria-hidden="true">
            <span className="block h-full rounded-full bg-rose-600" style={{ width: `${Math.round(finding.score * 100)}%` }} />
          </span>
          <span className="font-medium tabular-nums text-slate-800">{finding.score.toFixed(2)}</span>
        </p>
      ) : null}
      <Chips items={signals} empty="" />
    </div>
  );
}
