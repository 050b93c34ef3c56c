import Form from 'next/form';
import { Link } from '@/components/ui/Link';
import { findingsHref, type FindingsView, isFiltered } from '@/lib/lint/view/findings-query';
import { LINT_CHECKS, SEVERITIES } from '@/lib/lint/lint-request';
import { SelectField } from '../ui/SelectField';
import { buttonStyles, cardStyles, linkStyles } from '../ui/styles';
import { TextField } from '../ui/TextField';
import { CHECK_LABELS } from '@/lib/lint/view/check-labels';

/**
 * Filters of the findings table as a GET form: the result is a URL (?check=&severity=…), so a
 * filtered view can be shared, and next/form navigates without a full reload. Sorting is kept;
 * the page goes back to 1.
 */
export function FindingsFilters({ scope, view, namespaces }: { scope: string; view: FindingsView; namespaces: string[] }) {
  const namespaceOptions = view.namespace && !namespaces.includes(view.namespace) ? [view.namespace, ...namespaces] : namespaces;
  return (
    // Keyed by the view: after a navigation the fields show the new URL's values, not the old ones.
    <Form key={JSON.stringify(view)} action={`/scopes/${scope}`} scroll={false} className={`${cardStyles} mb-4 grid gap-3 p-4 sm:grid-cols-2 lg:grid-cols-[repeat(3,minmax(0,11rem))_minmax(0,1fr)_auto]`} aria-label="Filter findings">
      <SelectField id="filter-check" name="check" label="Check" defaultValue={view.check ?? ''} options={[{ value: '', label: 'All checks' }, ...LINT_CHECKS.map((check) => ({ value: check, label: CHECK_LABELS[check] }))]} />
      <SelectField id="filter-severity" name="severity" label="Severity" defaultValue={view.severity ?? ''} options={[{ value: '', label: 'All severities' }, ...SEVERITIES]} />
      <SelectField id="filter-namespace" name="namespace" label="Namespace" defaultValue={view.namespace ?? ''} options={[{ value: '', label: 'All namespaces' }, ...namespaceOptions]} />
      <TextField id="filter-q" type="search" name="q" label="Entity search" defaultValue={view.q ?? ''} placeholder="Part of an entity URI" maxLength={500} />
      {view.sort !== 'severity' ? <input type="hidden" name="sort" value={view.sort} /> : null}
      {view.dir !== 'asc' ? <input type="hidden" name="dir" value={view.dir} /> : null}
      {view.job ? <input type="hidden" name="job" value={view.job} /> : null}
      <div className="flex items-end gap-3">
        <button type="submit" className={buttonStyles.primary}>
          Apply filters
        </button>
        {isFiltered(view) ? (
          <Link href={findingsHref(scope, { ...view, check: undefined, severity: undefined, namespace: undefined, q: undefined, page: 1 })} className={`${linkStyles} py-2 text-sm whitespace-nowrap`}>
            Clear
          </Link>
        ) : null}
      </div>
    </Form>
  );
}
