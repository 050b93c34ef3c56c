import { Link } from '@/components/ui/Link';
import type { FactScope } from '@/lib/facts/scope';
import { type QuarantineFilters as Filters, quarantineHref } from '@/lib/quarantine/view/quarantine-view';

const TABS: { status: Filters['status']; label: string }[] = [
  { status: 'pending', label: 'Pending' },
  { status: 'promoted', label: 'Admitted' },
  { status: 'rejected', label: 'Rejected' },
  { status: 'all', label: 'All' },
];

const tabStyle = (active: boolean) =>
  `-mb-px border-b-2 px-3 py-2 text-sm font-medium focus-visible:outline-2 focus-visible:outline-indigo-600 ${
    active ? 'border-indigo-600 text-indigo-700' : 'border-transparent text-slate-600 hover:border-slate-300 hover:text-slate-900'
  }`;

/** Status tabs, then the scopes the moderator administers (when more than one); links keep the other filter. */
export function QuarantineFilters({ filters, scopes }: { filters: Filters; scopes: FactScope[] }) {
  return (
    <div className="mb-4 flex flex-wrap items-end justify-between gap-3 border-b border-slate-200">
      <nav aria-label="Quarantine status" className="flex flex-wrap gap-1">
        {TABS.map((tab) => (
          <Link key={tab.status} href={quarantineHref(filters, { status: tab.status })} aria-current={tab.status === filters.status ? 'page' : undefined} className={tabStyle(tab.status === filters.status)}>
            {tab.label}
          </Link>
        ))}
      </nav>
      {scopes.length > 1 ? (
        <nav aria-label="Quarantine scope" className="flex flex-wrap gap-1">
          {[null, ...scopes].map((scope) => (
            <Link key={scope ?? 'all'} href={quarantineHref(filters, { scope })} aria-current={scope === filters.scope ? 'page' : undefined} className={tabStyle(scope === filters.scope)}>
              {scope ?? 'Every scope'}
            </Link>
          ))}
        </nav>
      ) : null}
    </div>
  );
}
