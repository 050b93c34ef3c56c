import { Link } from '@/components/ui/Link';

const TABS = [
  { status: 'active', label: 'Open and acknowledged' },
  { status: 'resolved', label: 'Resolved' },
  { status: 'all', label: 'All' },
] as const;

export function AlertStatusTabs({ status, counts }: { status: string; counts: Record<string, number> }) {
  const count = (s: string) => (s === 'active' ? counts.open + counts.acknowledged : s === 'all' ? counts.open + counts.acknowledged + counts.resolved : counts[s]);
  return (
    <nav aria-label="Alert status" className="mb-4 flex flex-wrap gap-1 text-sm">
      {TABS.map((t) => (
        <Link
          key={t.status}
          href={`/alerts?status=${t.status}`}
          aria-current={t.status === status ? 'page' : undefined}
          className={`rounded-md px-3 py-1.5 font-medium ${t.status === status ? 'bg-indigo-600 text-white' : 'text-slate-700 hover:bg-slate-100'}`}
        >
          {t.label} <span className="tabular-nums opacity-80">({count(t.status) ?? 0})</span>
        </Link>
      ))}
    </nav>
  );
}
