import { Link } from '@/components/ui/Link';

export const SYNTHESIS_TABS = [
  { tab: 'entries', label: 'Entries' },
  { tab: 'snapshots', label: 'Snapshots' },
  { tab: 'context', label: 'Context preview' },
] as const;
export type SynthesisTab = (typeof SYNTHESIS_TABS)[number]['tab'];

/** The synthesis page's views, as links (the tab lives in the URL with the scope). */
export function SynthesisTabs({ current, scope }: { current: SynthesisTab; scope: string }) {
  return (
    <nav aria-label="Synthesis views" className="mb-4 flex flex-wrap gap-1 border-b border-slate-200">
      {SYNTHESIS_TABS.map(({ tab, label }) => {
        const active = tab === current;
        return (
          <Link
            key={tab}
            href={`/synthesis?${new URLSearchParams({ scope, ...(tab === 'entries' ? {} : { tab }) })}`}
            aria-current={active ? 'page' : undefined}
            className={`-mb-px border-b-2 px-3 py-2 text-sm font-medium focus-visible:outline-2 focus-visible:outline-indigo-600 ${
              active ? 'border-indigo-600 text-indigo-700' : 'border-transparent text-slate-600 hover:border-slate-300 hover:text-slate-900'
            }`}
          >
            {label}
          </Link>
        );
      })}
    </nav>
  );
}
