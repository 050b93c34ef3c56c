import { Link } from '@/components/ui/Link';

const RANGES = ['7d', '30d', '90d'] as const;

/** 7 / 30 / 90 days, kept in the URL (?range=). */
export function RangeTabs({ scope, range }: { scope: string; range: string }) {
  return (
    <nav aria-label="Range" className="mb-4 inline-flex rounded-lg border border-slate-200 bg-white p-0.5 text-sm shadow-sm">
      {RANGES.map((r) => (
        <Link
          key={r}
          href={`/health-history/${scope}?range=${r}`}
          aria-current={r === range ? 'page' : undefined}
          className={`rounded-md px-3 py-1 font-medium ${r === range ? 'bg-indigo-600 text-white' : 'text-slate-700 hover:bg-slate-100'}`}
        >
          {r.replace('d', ' days')}
        </Link>
      ))}
    </nav>
  );
}
