import Link from 'next/link';
import { type FindingSort, type FindingsView, sortHref } from '@/lib/health/findings-query';

/** A sortable column header: a link that sorts by the column (or flips it), with aria-sort. */
export function SortHeader({ scope, view, column, label }: { scope: string; view: FindingsView; column: FindingSort; label: string }) {
  const active = view.sort === column;
  const arrow = active ? (view.dir === 'asc' ? '↑' : '↓') : '↕';
  return (
    <th scope="col" aria-sort={active ? (view.dir === 'asc' ? 'ascending' : 'descending') : 'none'} className="px-4 py-3">
      <Link
        href={sortHref(scope, view, column)}
        scroll={false}
        className={`inline-flex items-center gap-1 rounded-sm uppercase hover:text-slate-900 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600 ${active ? 'text-slate-900' : ''}`}
      >
        {label}
        <span aria-hidden="true" className={active ? 'text-indigo-600' : 'text-slate-400'}>
          {arrow}
        </span>
        <span className="sr-only">, sort {active && view.dir === 'asc' ? 'descending' : 'ascending'}</span>
      </Link>
    </th>
  );
}
