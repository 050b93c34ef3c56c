import { FIGURES, formatFigure } from '@/lib/figures/figures';
import type { ConflictStatusFilter } from '@/lib/conflicts/list-conflicts';
import { queuePlace } from '@/lib/conflicts/view/queue-filters';
import { buttonStyles } from '../ui/styles';

/** What a view lists, in the figures' words: the unresolved queue counts contradicted triples (FIGURES.contradicted_triples). */
const WHAT: Record<ConflictStatusFilter, string> = {
  unresolved: FIGURES.contradicted_triples.label.toLowerCase(),
  resolved: 'decided contradictions',
  dismissed: 'dismissed contradictions',
  all: 'contradictions',
};

/**
 * Above the queue: where this page is in the whole list ("1–50 of 1,580 contradicted triples, page 1
 * of 32"), how many rows are marked (its own live text), and the bulk accept button, whose name never changes.
 */
export function QueueToolbar({
  status,
  offset,
  shown,
  total,
  marked,
  onBulkAccept,
}: {
  status: ConflictStatusFilter;
  offset: number;
  shown: number;
  total: number;
  marked: number;
  onBulkAccept: () => void;
}) {
  const place = queuePlace(offset, shown, total);
  return (
    <div className="flex flex-wrap items-center justify-between gap-3">
      <p className="text-sm text-slate-700" data-testid="queue-count">
        <span className="tabular-nums">
          {formatFigure(place.from)}–{formatFigure(place.to)}
        </span>{' '}
        of <strong className="font-semibold text-slate-900 tabular-nums">{formatFigure(total)}</strong> {WHAT[status]}, page{' '}
        <span className="tabular-nums">{formatFigure(place.page)}</span> of <span className="tabular-nums">{formatFigure(place.pages)}</span>
      </p>
      <div className="flex items-center gap-3">
        <span role="status" data-testid="queue-marked" className="text-sm text-slate-700">
          {marked ? `${marked} marked` : ''}
        </span>
        <button type="button" onClick={onBulkAccept} disabled={!marked} className={buttonStyles.primary}>
          Accept marked suggestions…
        </button>
      </div>
    </div>
  );
}
