import Link from 'next/link';
import type { ScopeCounts } from '@/lib/health/scope-counts';
import { cardStyles, linkStyles } from '../ui/styles';
import { ScopeStat } from './ScopeStat';

const scopeBlurb: Record<string, string> = {
  local: 'This node only',
  team: 'Shared with the team',
  company: 'Shared company-wide',
  public: 'Readable by anyone',
};

/** One scope's headline numbers on the Health page. */
export function ScopeCard({ counts }: { counts: ScopeCounts }) {
  const headingId = `scope-${counts.scope}-title`;
  return (
    <section aria-labelledby={headingId} data-testid={`scope-card-${counts.scope}`} className={`${cardStyles} flex flex-col p-5`}>
      <div className="flex items-baseline justify-between gap-2">
        <h2 id={headingId} className="text-base font-semibold capitalize text-slate-900">
          {counts.scope}
        </h2>
        <span className="text-xs text-slate-500">{scopeBlurb[counts.scope]}</span>
      </div>
      <dl className="mt-4 grid grid-cols-2 gap-4">
        <ScopeStat label="Facts" value={counts.facts} testId={`scope-${counts.scope}-facts`} />
        <ScopeStat label="Live values" value={counts.liveValues} testId={`scope-${counts.scope}-live`} />
      </dl>
      <div className="mt-4 border-t border-slate-100 pt-3 text-sm">
        {counts.unresolvedConflicts > 0 ? (
          <Link href={`/conflicts?scope=${counts.scope}`} className={`${linkStyles} text-orange-700`}>
            {counts.unresolvedConflicts.toLocaleString('en-US')} unresolved conflict{counts.unresolvedConflicts === 1 ? '' : 's'}
          </Link>
        ) : (
          <span className="text-slate-500">No unresolved conflicts</span>
        )}
      </div>
    </section>
  );
}
