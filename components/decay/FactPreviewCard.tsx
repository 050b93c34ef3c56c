import { Link } from '@/components/ui/Link';
import type { DecayPolicy } from '@/lib/decay/decay-policy';
import { decayHref } from '@/lib/decay/view/decay-href';
import { formatDuration } from '@/lib/decay/view/format-duration';
import type { FactRecord } from '@/lib/facts/fact-record';
import { factValueText, factValueType, formatConfidence } from '@/lib/facts/view/fact-value-text';
import { DateTime } from '../ui/DateTime';
import { DetailRow } from '../ui/DetailRow';
import { Notice } from '../ui/Notice';
import { ValueText } from '../ui/ValueText';
import { cardStyles, linkStyles } from '../ui/styles';
import { EntityLink } from '../entities/EntityLink';

function policyText(policy: DecayPolicy): string {
  return policy.mode === 'retract'
    ? `${policy.id}: retract after ${formatDuration(policy.ttl_s)}`
    : `${policy.id}: halve confidence every ${formatDuration(policy.half_life_s)}, floor ${policy.min_confidence.toFixed(2)}`;
}

/** The one-fact preview's subject (/decay?scope=&fact_id=): the fact and the policy that reaches it. */
export function FactPreviewCard({ scope, factId, fact, policy }: { scope: string; factId: string; fact: FactRecord | null; policy: DecayPolicy | null }) {
  const back = (
    <Link href={decayHref({ scope })} className={linkStyles}>
      Preview the whole scope
    </Link>
  );
  if (!fact) {
    return (
      <Notice tone="warning" title="Fact not found in this scope" testId="fact-preview-missing">
        <p>
          No fact <span className="font-mono wrap-anywhere">{factId}</span> in scope “{scope}” that this key can read. {back}
        </p>
      </Notice>
    );
  }
  return (
    <section aria-labelledby="fact-preview-title" className={`${cardStyles} p-5`} data-testid="fact-preview">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h3 id="fact-preview-title" className="text-base font-semibold text-slate-900">
          One-fact preview
        </h3>
        {back}
      </div>
      <dl className="mt-3 text-sm">
        <DetailRow label="Entity" wide>
          <EntityLink entity={fact.entity} size="inherit" />
        </DetailRow>
        <DetailRow label="Relation" wide>
          <span className="font-mono wrap-anywhere">{fact.relation}</span>
        </DetailRow>
        <DetailRow label="Value" wide>
          <ValueText text={factValueText(fact.value)} type={factValueType(fact.value)} />
        </DetailRow>
        <DetailRow label="Confidence" wide>
          <span className="tabular-nums">{formatConfidence(fact.confidence)}</span>
        </DetailRow>
        <DetailRow label="Asserted" wide>
          <DateTime iso={fact.timestamp} /> <span className="text-slate-500">by</span> <span className="font-mono wrap-anywhere">{fact.source}</span>
        </DetailRow>
        <DetailRow label="Valid until" wide>
          <DateTime iso={fact.valid_until} fallback="no expiry" />
        </DetailRow>
        <DetailRow label="Policy" wide>
          {policy ? <span className="font-mono wrap-anywhere" data-testid="fact-preview-policy">{policyText(policy)}</span> : <span className="text-slate-600">No policy decays this relation in this scope (or it is exempt).</span>}
        </DetailRow>
      </dl>
    </section>
  );
}
