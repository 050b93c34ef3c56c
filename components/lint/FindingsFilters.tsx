import Form from 'next/form';
import Link from 'next/link';
import { findingsHref, type FindingsView, isFiltered } from '@/lib/health/findings-query';
import { LINT_CHECKS, SEVERITIES } from '@/lib/lint/lint-request';
import { buttonStyles, cardStyles, inputStyles, labelStyles, linkStyles } from '../ui/styles';
import { CHECK_LABELS } from './check-labels';

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
      <div>
        <label htmlFor="filter-check" className={labelStyles}>
          Check
        </label>
        <select id="filter-check" name="check" defaultValue={view.check ?? ''} className={`${inputStyles} mt-1`}>
          <option value="">All checks</option>
          {LINT_CHECKS.map((check) => (
            <option key={check} value={check}>
              {CHECK_LABELS[check]}
            </option>
          ))}
        </select>
      </div>
      <div>
        <label htmlFor="filter-severity" className={labelStyles}>
          Severity
        </label>
        <select id="filter-severity" name="severity" defaultValue={view.severity ?? ''} className={`${inputStyles} mt-1`}>
          <option value="">All severities</option>
          {SEVERITIES.map((severity) => (
            <option key={severity} value={severity}>
              {severity}
            </option>
          ))}
        </select>
      </div>
      <div>
        <label htmlFor="filter-namespace" className={labelStyles}>
          Namespace
        </label>
        <select id="filter-namespace" name="namespace" defaultValue={view.namespace ?? ''} className={`${inputStyles} mt-1`}>
          <option value="">All namespaces</option>
          {namespaceOptions.map((namespace) => (
            <option key={namespace} value={namespace}>
              {namespace}
            </option>
          ))}
        </select>
      </div>
      <div>
        <label htmlFor="filter-q" className={labelStyles}>
          Entity search
        </label>
        <input id="filter-q" type="search" name="q" defaultValue={view.q ?? ''} placeholder="Part of an entity URI" maxLength={500} className={`${inputStyles} mt-1`} />
      </div>
      {view.sort !== 'severity' ? <input type="hidden" name="sort" value={view.sort} /> : null}
      {view.dir !== 'asc' ? <input type="hidden" name="dir" value={view.dir} /> : null}
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
