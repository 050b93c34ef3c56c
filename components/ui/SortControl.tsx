import { Link } from '@/components/ui/Link';
import type { ReactNode } from 'react';

export type SortDirection = 'asc' | 'desc';

/**
 * How a table is sorted and how a header changes it: by URL (`href`, the server sorts; the
 * header is a link, so a sorted view can be shared) or in the browser (`onSort`, a button).
 */
export interface TableSort {
  key: string;
  dir: SortDirection;
  href?: (key: string) => string;
  onSort?: (key: string) => void;
}

const controlStyles =
  'inline-flex items-center gap-1 rounded-sm uppercase hover:text-slate-900 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600';

/** The inside of a sortable header: the label, an arrow, and what activating it will do. */
export function SortControl({ sort, sortKey, label }: { sort: TableSort; sortKey: string; label: ReactNode }) {
  const active = sort.key === sortKey;
  const arrow = active ? (sort.dir === 'asc' ? '↑' : '↓') : '↕';
  const content = (
    <>
      {label}
      <span aria-hidden="true" className={active ? 'text-indigo-600' : 'text-slate-400'}>
        {arrow}
      </span>
      <span className="sr-only">, sort {active && sort.dir === 'asc' ? 'descending' : 'ascending'}</span>
    </>
  );
  const className = `${controlStyles} ${active ? 'text-slate-900' : ''}`;
  if (sort.href) {
    return (
      <Link href={sort.href(sortKey)} scroll={false} className={className}>
        {content}
      </Link>
    );
  }
  return (
    <button type="button" onClick={() => sort.onSort?.(sortKey)} className={`${className} font-semibold tracking-wide`}>
      {content}
    </button>
  );
}

/** The header's aria-sort: only the sorted column says its direction. */
export function ariaSort(sort: TableSort, sortKey: string): 'ascending' | 'descending' | 'none' {
  if (sort.key !== sortKey) return 'none';
  return sort.dir === 'asc' ? 'ascending' : 'descending';
}
