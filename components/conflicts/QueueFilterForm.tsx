import Link from 'next/link';
import type { FactScope } from '@/lib/facts/scope';
import { hasNarrowingFilter, type QueueFilters, queueHref } from '@/lib/review-ui/queue-filters';
import { buttonStyles, inputStyles, labelStyles, linkStyles } from '../ui/styles';

const booleanValue = (value: boolean | undefined) => (value === undefined ? '' : String(value));

/** A plain GET form: the filters live in the URL, so a filtered queue can be shared and reloaded. */
export function QueueFilterForm({ filters, scopes }: { filters: QueueFilters; scopes: FactScope[] }) {
  return (
    <form role="search" aria-label="Filter conflicts" action="/conflicts" method="get" className="mb-4 flex flex-wrap items-end gap-3 rounded-xl border border-slate-200 bg-white p-3 shadow-sm">
      <input type="hidden" name="status" value={filters.status} />
      <div>
        <label htmlFor="filter-scope" className={labelStyles}>
          Scope
        </label>
        <select id="filter-scope" name="scope" defaultValue={filters.scope ?? ''} className={`${inputStyles} mt-1 w-auto pr-8`}>
          <option value="">All readable</option>
          {scopes.map((scope) => (
            <option key={scope} value={scope}>
              {scope}
            </option>
          ))}
        </select>
      </div>
      <div className="w-40">
        <label htmlFor="filter-namespace" className={labelStyles}>
          Namespace
        </label>
        <input id="filter-namespace" name="namespace" defaultValue={filters.namespace ?? ''} placeholder="e.g. project" className={`${inputStyles} mt-1 font-mono`} />
      </div>
      <div className="min-w-56 flex-1">
        <label htmlFor="filter-entity" className={labelStyles}>
          Entity
        </label>
        <input id="filter-entity" name="entity" defaultValue={filters.entity ?? ''} placeholder="exact entity URI" className={`${inputStyles} mt-1 font-mono`} />
      </div>
      <div>
        <label htmlFor="filter-aged" className={labelStyles}>
          Age
        </label>
        <select id="filter-aged" name="aged" defaultValue={booleanValue(filters.aged)} className={`${inputStyles} mt-1 w-auto pr-8`}>
          <option value="">Any age</option>
          <option value="true">Aged (&gt; 14 days)</option>
          <option value="false">Not aged</option>
        </select>
      </div>
      <div>
        <label htmlFor="filter-suggestion" className={labelStyles}>
          Suggestion
        </label>
        <select id="filter-suggestion" name="has_suggestion" defaultValue={booleanValue(filters.hasSuggestion)} className={`${inputStyles} mt-1 w-auto pr-8`}>
          <option value="">Any</option>
          <option value="true">Has a suggestion</option>
          <option value="false">A person decides</option>
        </select>
      </div>
      <div className="flex items-center gap-3">
        <button type="submit" className={buttonStyles.secondary}>
          Apply filters
        </button>
        {hasNarrowingFilter(filters) ? (
          <Link href={queueHref({ status: filters.status })} className={`${linkStyles} text-sm`}>
            Clear
          </Link>
        ) : null}
      </div>
    </form>
  );
}
