import { Link } from '@/components/ui/Link';
import type { AlertCounts } from '@/lib/alerts/alert-groups';

const TABS = [
  { status: 'active', label: 'Active' },
  { status: 'open', label: 'Open' },
  { status: 'muted', label: 'Muted' },
  { status: 'acknowledged', label: 'Acknowledged' },
  { status: 'resolved', label: 'Resolved' },
  { status: 'all', label: 'All' },
] as const;

export const ALERT_PAGE_STATUSES = TABS.map((t) => t.status);

/** The status filter, each with its count of alerts (lib/alerts/alert-groups.ts: the header shows `open`). */
export function AlertStatusTabs({ status, counts }: { status: string; counts: AlertCounts }) {
  const count = (s: string) =>
    s === 'active' ? counts.open + counts.muted + counts.acknowledged : s === 'all' ? counts.open + counts.muted + counts.acknowledged + counts.resolved : counts[s as keyof AlertCounts];
  return (
    <nav aria-label="Alert status" className="mb-4 flex flex-wrap gap-1 text-sm">
      {TABS.map((t) => (
        <Link
          key={t.status}
          href={`/alerts?status=${t.status}`}
          aria-current={t.status === status ? 'page' : undefined}
          data-testid={`alert-tab-${t.status}`}
          className={`rounded-md px-3 py-1.5 font-medium ${t.status === status ? 'bg-indigo-600 text-white' : 'text-slate-700 hover:bg-slate-100'}`}
        >
          {t.label} <span className="tabular-nums opacity-80">({count(t.status) ?? 0})</span>
        </Link>
      ))}
    </nav>
  );
}
