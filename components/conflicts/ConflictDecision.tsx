import type { ContradictionRecord } from '@/lib/conflicts/contradiction-record';
import { BASIS_TEXT, cooldownDaysLeft } from '@/lib/conflicts/view/conflict-view';
import { DateTime } from '../ui/DateTime';
import { DetailRow } from '../ui/DetailRow';
import { ValueText } from '../ui/ValueText';
import { cardStyles } from '../ui/styles';
import { ReopenButton } from './ReopenButton';
import { UndoDecisionButton } from './UndoDecisionButton';
import type { ConflictTrail } from '@/lib/conflicts/view/conflict-href';

/** Bases a person (or auto-resolve) decided; a contradiction closed because a value left has no decision to undo. */
const UNDOABLE = new Set(['manual', 'evidence', 'confidence', 'dismissed']);

function cooldownText(until: string | null, now: Date): string {
  const days = cooldownDaysLeft(until, now);
  if (days === null) return 'no cooldown';
  return days > 0 ? `${days} ${days === 1 ? 'day' : 'days'} left` : 'ended';
}

/** The record of a decided contradiction (who, when, why, what was kept), its cooldown, and Reopen. */
export function ConflictDecision({ conflict, keptValue, canWrite, now, trail }: { conflict: ContradictionRecord; keptValue: string | null; canWrite: boolean; now: Date; trail?: ConflictTrail }) {
  const undoable = canWrite && !conflict.undone_at && UNDOABLE.has(conflict.resolution_basis ?? '');
  return (
    <section aria-labelledby="decision-title" data-testid="conflict-decision" className={`${cardStyles} p-5`}>
      <h2 id="decision-title" className="text-base font-semibold text-slate-900">
        Decision
      </h2>
      <dl className="mt-2 divide-y divide-slate-100 text-sm">
        <DetailRow wide label="Outcome">{BASIS_TEXT[conflict.resolution_basis ?? ''] ?? conflict.resolution_basis ?? 'Resolved'}</DetailRow>
        {keptValue !== null ? (
          <DetailRow wide label="Kept value">
            <ValueText text={keptValue} />
          </DetailRow>
        ) : null}
        <DetailRow wide label="Decided by"><span className="font-mono text-xs wrap-anywhere">{conflict.resolved_by ?? '—'}</span></DetailRow>
        <DetailRow wide label="Decided at"><DateTime iso={conflict.resolved_at} /></DetailRow>
        <DetailRow wide label="Note">{conflict.resolution_note ? <span className="whitespace-pre-wrap wrap-anywhere">{conflict.resolution_note}</span> : <span className="text-slate-500">no note</span>}</DetailRow>
        {conflict.resolution_fact_id ? <DetailRow wide label="Resolution fact"><span className="font-mono text-xs wrap-anywhere">{conflict.resolution_fact_id}</span></DetailRow> : null}
        {conflict.undone_at ? (
          <DetailRow wide label="Undone">
            <span data-testid="conflict-undone">
              <DateTime iso={conflict.undone_at} /> by <span className="font-mono text-xs wrap-anywhere">{conflict.undone_by}</span>: the values were put back as they were before
            </span>
          </DetailRow>
        ) : null}
        <DetailRow wide label="Will not reopen before">
          <span data-testid="conflict-cooldown">
            <DateTime iso={conflict.do_not_reopen_before} fallback="—" /> <span className="text-slate-500">({cooldownText(conflict.do_not_reopen_before, now)})</span>
          </span>
        </DetailRow>
      </dl>
      {undoable ? (
        <div className="mt-4 border-t border-slate-100 pt-4">
          <h3 className="text-sm font-semibold text-slate-900">Undo</h3>
          <p className="mt-1 mb-3 max-w-2xl text-sm text-slate-600">
            Puts the triple&apos;s values back as they were before this decision (written again by you, with their confidence and expiry then) and opens the
            contradiction again. Possible while nobody has written the triple since.
          </p>
          <UndoDecisionButton contradictionId={conflict.contradiction_id} trail={trail} />
        </div>
      ) : null}
      <div className="mt-4 border-t border-slate-100 pt-4">
        <h3 className="text-sm font-semibold text-slate-900">Reopen</h3>
        <p className="mt-1 mb-3 max-w-2xl text-sm text-slate-600">
          Ends the cooldown now. If two of the triple&apos;s live values may contradict each other, a new contradiction opens at once; otherwise one is reported the
          next time they do.
        </p>
        {canWrite ? <ReopenButton conflictId={conflict.contradiction_id} /> : <p className="text-sm text-slate-500">Reopening needs the write permission on scope “{conflict.scope}”.</p>}
      </div>
    </section>
  );
}
