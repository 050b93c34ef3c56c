import type { DryRunResult } from '@/lib/decay/sweep-request';

const formatConfidence = (c: number) => c.toFixed(2);

function formatAge(seconds: number): string {
  const days = seconds / 86_400;
  if (days >= 2) return `${Math.floor(days)} days`;
  const hours = seconds / 3600;
  return hours >= 2 ? `${Math.floor(hours)} hours` : `${Math.max(0, Math.round(seconds / 60))} minutes`;
}

/** What a one-fact decay dry run says: the change the policies would make now, or why none. */
export function DecayPreview({ result }: { result: DryRunResult }) {
  const [change] = result.changes;
  if (change) {
    return (
      <p data-testid="decay-preview">
        Policy <span className="font-mono">{change.policy_id}</span> would{' '}
        {change.action === 'retract' ? (
          <>
            <strong>retract</strong> this value (confidence {formatConfidence(change.confidence_before)} → 0)
          </>
        ) : (
          <>
            <strong>lower</strong> its confidence from {formatConfidence(change.confidence_before)} to {formatConfidence(change.confidence_after)}
          </>
        )}
        ; it was asserted {formatAge(change.age_s)} ago. A decay sweep makes that change; “Retract now” retracts it right away.
      </p>
    );
  }
  if (result.facts_evaluated > 0) {
    return (
      <p data-testid="decay-preview">
        A decay policy ({result.policies_applied.join(', ') || 'configured'}) covers this value but would not change it yet. Retract it now to clear the finding.
      </p>
    );
  }
  return (
    <p data-testid="decay-preview">
      No decay policy covers this value, so no sweep will retract it. Retract it now to clear the finding, or add a policy on the Decay page.
    </p>
  );
}
