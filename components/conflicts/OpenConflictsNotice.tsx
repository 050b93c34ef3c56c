import { Link } from '@/components/ui/Link';
import { Notice } from '../ui/Notice';
import { linkStyles } from '../ui/styles';
import { conflictHref } from '@/lib/conflicts/view/conflict-href';

/** On a decided contradiction: the triple's contradiction open now (for example the one a reopen opened). */
export function OpenConflictsNotice({ open }: { open: { contradiction_id: string; value_count: number } | null }) {
  if (!open) return null;
  return (
    <Notice tone="warning" title="This triple is contradicted again" testId="open-conflicts">
      <Link href={conflictHref(open.contradiction_id)} className={linkStyles}>
        Review its open contradiction ({open.value_count} live values)
      </Link>
    </Notice>
  );
}
