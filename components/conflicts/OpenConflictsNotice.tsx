import { Link } from '@/components/ui/Link';
import type { ConflictRecord } from '@/lib/conflicts/conflict-record';
import { factValueText } from '@/lib/facts/view/fact-value-text';
import { Notice } from '../ui/Notice';
import { linkStyles } from '../ui/styles';
import { conflictHref } from '@/lib/conflicts/view/conflict-href';

/** On a decided conflict: the triple's conflicts still waiting (for example the one a reopen recorded). */
export function OpenConflictsNotice({ conflicts }: { conflicts: ConflictRecord[] }) {
  if (!conflicts.length) return null;
  return (
    <Notice tone="warning" title={conflicts.length === 1 ? 'This triple has an unresolved conflict' : `This triple has ${conflicts.length} unresolved conflicts`} testId="open-conflicts">
      <ul className="space-y-0.5">
        {conflicts.map((c) => (
          <li key={c.conflict_id}>
            <Link href={conflictHref(c.conflict_id)} className={linkStyles}>
              {c.fact_a ? factValueText(c.fact_a.value).slice(0, 60) : '?'} vs {c.fact_b ? factValueText(c.fact_b.value).slice(0, 60) : '?'}
            </Link>
          </li>
        ))}
      </ul>
    </Notice>
  );
}
