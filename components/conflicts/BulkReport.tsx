import { Link } from '@/components/ui/Link';
import type { summarizeBulk } from '@/lib/conflicts/view/bulk-accept';
import { buttonStyles } from '../ui/styles';
import { conflictHref } from '@/lib/conflicts/view/conflict-href';

type Summary = ReturnType<typeof summarizeBulk>;

/** What a bulk accept did: how many were accepted, which were decided meanwhile, which failed. */
export function BulkReport({ summary, onClose }: { summary: Summary; onClose: () => void }) {
  const tone = summary.failed.length ? 'border-rose-200 bg-rose-50 text-rose-900' : summary.alreadyDecided.length ? 'border-amber-200 bg-amber-50 text-amber-900' : 'border-emerald-200 bg-emerald-50 text-emerald-900';
  return (
    <section aria-labelledby="bulk-report-title" data-testid="bulk-report" className={`rounded-lg border px-4 py-3 text-sm ${tone}`}>
      <div className="flex items-start justify-between gap-3">
        <h2 id="bulk-report-title" className="font-semibold">
          {summary.message}
        </h2>
        <button type="button" onClick={onClose} className={`${buttonStyles.secondary} px-2 py-1 text-xs`}>
          Close
        </button>
      </div>
      {summary.alreadyDecided.length ? (
        <div className="mt-2">
          <p>Decided by someone else meanwhile (left as they decided):</p>
          <ul className="mt-1 list-disc pl-5">
            {summary.alreadyDecided.map(({ item }) => (
              <li key={item.conflictId}>
                <Link href={conflictHref(item.conflictId)} className="font-mono text-xs underline wrap-anywhere">
                  {item.entity} · {item.relation}
                </Link>
              </li>
            ))}
          </ul>
        </div>
      ) : null}
      {summary.failed.length ? (
        <div className="mt-2">
          <p>Could not be saved:</p>
          <ul className="mt-1 list-disc pl-5">
            {summary.failed.map((outcome) => (
              <li key={outcome.item.conflictId} className="wrap-anywhere">
                <Link href={conflictHref(outcome.item.conflictId)} className="font-mono text-xs underline">
                  {outcome.item.entity} · {outcome.item.relation}
                </Link>
                {'detail' in outcome ? `: ${outcome.detail}` : null}
              </li>
            ))}
          </ul>
        </div>
      ) : null}
    </section>
  );
}
