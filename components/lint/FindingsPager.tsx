import { Link } from '@/components/ui/Link';
import { FINDINGS_PAGE_SIZE, type FindingsView, findingsHref, pageCount } from '@/lib/lint/view/findings-query';
import { linkStyles } from '../ui/styles';

/** "Showing 51–100 of 1,234" with previous / next page links (offset paging; the page is in the URL). */
export function FindingsPager({ scope, view, total, shown, pageSize = FINDINGS_PAGE_SIZE }: { scope: string; view: FindingsView; total: number; shown: number; pageSize?: number }) {
  const pages = pageCount(total, pageSize);
  const from = (view.page - 1) * pageSize + 1;
  return (
    <nav aria-label="Findings pages" className="mt-4 flex flex-wrap items-center justify-between gap-3 text-sm">
      <p data-testid="findings-range" className="text-slate-600">
        {shown ? (
          <>
            Showing <span className="tabular-nums">{from.toLocaleString('en-US')}</span>–<span className="tabular-nums">{(from + shown - 1).toLocaleString('en-US')}</span> of{' '}
            <span className="tabular-nums">{total.toLocaleString('en-US')}</span>
          </>
        ) : (
          <>No findings on page {view.page}</>
        )}
      </p>
      {pages > 1 || view.page > 1 ? (
        <div className="flex items-center gap-4">
          {view.page > 1 ? (
            <Link href={findingsHref(scope, view, { page: Math.min(view.page - 1, pages) })} className={linkStyles} rel="prev">
              ← Previous
            </Link>
          ) : null}
          <span className="text-slate-500 tabular-nums">
            Page {view.page.toLocaleString('en-US')} of {pages.toLocaleString('en-US')}
          </span>
          {view.page < pages ? (
            <Link href={findingsHref(scope, view, { page: view.page + 1 })} className={linkStyles} rel="next">
              Next →
            </Link>
          ) : null}
        </div>
      ) : null}
    </nav>
  );
}
