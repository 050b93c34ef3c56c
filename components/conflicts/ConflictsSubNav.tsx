import { Link } from '@/components/ui/Link';

const SECTIONS = [
  { key: 'queue', href: '/conflicts', label: 'Queue' },
  { key: 'history', href: '/conflicts/history', label: 'Review history' },
  { key: 'divergence', href: '/conflicts/divergence', label: 'Divergence' },
] as const;

/** The conflicts section's pages: the queue, its history, and cross-scope divergence. */
export function ConflictsSubNav({ current }: { current: (typeof SECTIONS)[number]['key'] }) {
  return (
    <nav aria-label="Conflicts section" className="inline-flex rounded-lg border border-slate-200 bg-white p-0.5 shadow-sm">
      {SECTIONS.map((section) => {
        const active = section.key === current;
        return (
          <Link
            key={section.key}
            href={section.href}
            aria-current={active ? 'page' : undefined}
            className={`rounded-md px-2.5 py-1.5 text-sm font-medium whitespace-nowrap sm:px-3 focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-indigo-600 ${
              active ? 'bg-indigo-600 text-white' : 'text-slate-600 hover:bg-slate-100 hover:text-slate-900'
            }`}
          >
            {section.label}
          </Link>
        );
      })}
    </nav>
  );
}
