import type { ConflictRecord } from '@/lib/conflicts/conflict-record';
import { DateTime } from '../ui/DateTime';
import { DetailRow } from '../ui/DetailRow';
import { ValueText } from '../ui/ValueText';
import { cardStyles } from '../ui/styles';

const basisText: Record<string, string> = {
  manual: 'Picked by a person',
  evidence: 'Auto-resolved on evidence',
  confidence: 'Auto-resolved on confidence',
  dismissed: 'Dismissed as not a contradiction',
  retracted: 'Closed when one side was retracted',
};

/** The record of a decided conflict: who, when, why, and what was kept. */
export function ConflictDecision({ conflict, keptValue }: { conflict: ConflictRecord; keptValue: string | null }) {
  return (
    <section aria-labelledby="decision-title" data-testid="conflict-decision" className={`${cardStyles} p-5`}>
      <h2 id="decision-title" className="text-base font-semibold text-slate-900">
        Decision
      </h2>
      <dl className="mt-2 divide-y divide-slate-100 text-sm">
        <DetailRow wide label="Outcome">{basisText[conflict.resolution_basis ?? ''] ?? conflict.resolution_basis ?? 'Resolved'}</DetailRow>
        {keptValue !== null ? (
          <DetailRow wide label="Kept value">
            <ValueText text={keptValue} />
          </DetailRow>
        ) : null}
        <DetailRow wide label="Decided by"><span className="font-mono text-xs wrap-anywhere">{conflict.resolved_by ?? '—'}</span></DetailRow>
        <DetailRow wide label="Decided at"><DateTime iso={conflict.resolved_at} /></DetailRow>
        <DetailRow wide label="Note">{conflict.resolution_note ? <span className="whitespace-pre-wrap wrap-anywhere">{conflict.resolution_note}</span> : <span className="text-slate-500">no note</span>}</DetailRow>
        {conflict.resolution_fact_id ? <DetailRow wide label="Resolution fact"><span className="font-mono text-xs wrap-anywhere">{conflict.resolution_fact_id}</span></DetailRow> : null}
        <DetailRow wide label="Will not reopen before"><DateTime iso={conflict.do_not_reopen_before} /></DetailRow>
      </dl>
    </section>
  );
}
