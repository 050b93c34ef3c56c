import { Link } from '@/components/ui/Link';
import { conflictHref } from '@/lib/conflicts/view/conflict-href';
import type { ReturnTrail } from '@/lib/conflicts/view/return-trail';
import { buttonStyles } from '../ui/styles';

/** After a decision on a contradiction opened from a list: back to that list (same filters), or on to its next contradiction. */
export function WayBack({ trail, next }: { trail: ReturnTrail; next: string | null }) {
  return (
    <nav aria-label="After this decision" data-testid="conflict-way-back" className="flex flex-wrap items-center gap-3">
      <Link href={trail.from} className={buttonStyles.secondary}>
        ← {trail.label}
      </Link>
      {next ? (
        <Link href={conflictHref(next, undefined, { from: trail.from })} className={buttonStyles.primary}>
          Next finding →
        </Link>
      ) : trail.findingsScope ? (
        <span className="text-sm text-slate-600">No further contradiction in that list.</span>
      ) : null}
    </nav>
  );
}
