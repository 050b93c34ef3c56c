import { Link } from '@/components/ui/Link';
import type { FactScope } from '@/lib/facts/scope';
import { hasNarrowingFilter, type QueueFilters, queueHref } from '@/lib/conflicts/view/queue-filters';
import { SelectField } from '../ui/SelectField';
import { buttonStyles, linkStyles } from '../ui/styles';
import { TextField } from '../ui/TextField';

const booleanValue = (value: boolean | undefined) => (value === undefined ? '' : String(value));

/** A boolean filter's options: no filter, true, false. */
const yesNoAny = (any: string, yes: string, no: string) => [
  { value: '', label: any },
  { value: 'true', label: yes },
  { value: 'false', label: no },
];

/** A plain GET form: the filters live in the URL, so a filtered queue can be shared and reloaded. */
export function QueueFilterForm({ filters, scopes }: { filters: QueueFilters; scopes: FactScope[] }) {
  return (
    <form role="search" aria-label="Filter conflicts" action="/conflicts" method="get" className="mb-4 flex flex-wrap items-end gap-3 rounded-xl border border-slate-200 bg-white p-3 shadow-sm">
      <input type="hidden" name="status" value={filters.status} />
      <SelectField id="filter-scope" name="scope" label="Scope" defaultValue={filters.scope ?? ''} options={[{ value: '', label: 'All readable' }, ...scopes]} fit />
      <TextField id="filter-namespace" name="namespace" label="Namespace" defaultValue={filters.namespace ?? ''} placeholder="e.g. project" mono className="w-40" />
      <TextField id="filter-entity" name="entity" label="Entity" defaultValue={filters.entity ?? ''} placeholder="exact entity URI" mono className="min-w-56 flex-1" />
      <SelectField id="filter-aged" name="aged" label="Age" defaultValue={booleanValue(filters.aged)} options={yesNoAny('Any age', 'Aged (> 14 days)', 'Not aged')} fit />
      <SelectField id="filter-suggestion" name="has_suggestion" label="Suggestion" defaultValue={booleanValue(filters.hasSuggestion)} options={yesNoAny('Any', 'Has a suggestion', 'A person decides')} fit />
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
