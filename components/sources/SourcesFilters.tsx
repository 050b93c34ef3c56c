import { Link } from '@/components/ui/Link';
import type { FactScope } from '@/lib/facts/scope';
import { type SourcesFilters as Filters, sourcesHref } from '@/lib/sources/view/sources-view';

const tabStyle = (active: boolean) =>
  `-mb-px border-b-2 px-3 py-2 text-sm font-medium focus-visible:outline-2 focus-visible:outline-indigo-600 ${
    active ? 'border-indigo-600 text-indigo-700' : 'border-transparent text-slate-600 hover:border-slate-300 hover:text-slate-900'
  }`;

/** The scopes the key reads as tabs, and whether the node's own bookkeeping sources are listed. */
export function SourcesFilters({ filters, scopes }: { filters: Filters & { scope: FactScope }; scopes: FactScope[] }) {
  return (
    <div className="mb-4 flex flex-wrap items-end justify-between gap-3 border-b border-slate-200">
      <nav aria-label="Scope" className="flex flex-wrap gap-1">
        {scopes.map((scope) => (
          <Link key={scope} href={sourcesHref(filters, { scope, source: null })} aria-current={scope === filters.scope ? 'page' : undefined} className={tabStyle(scope === filters.scope)}>
            {scope}
          </Link>
        ))}
      </nav>
      <nav aria-label="Which sources" className="flex flex-wrap gap-1">
        <Link href={sourcesHref(filters, { agentsOnly: false })} aria-current={!filters.agentsOnly ? 'page' : undefined} className={tabStyle(!filters.agentsOnly)}>
          Every source
        </Link>
        <Link href={sourcesHref(filters, { agentsOnly: true })} aria-current={filters.agentsOnly ? 'page' : undefined} className={tabStyle(filters.agentsOnly)}>
          Agents only
        </Link>
      </nav>
    </div>
  );
}
