import { Link } from '@/components/ui/Link';
import { linkStyles } from './styles';

/** "Previous page" / "Next page" links for offset-paged lists (the offset goes in the URL). */
export function OffsetPagination({ offset, shown, pageSize, total, href }: { offset: number; shown: number; pageSize: number; total: number; href: (offset: number) => string }) {
  if (total <= pageSize) return null;
  return (
    <nav aria-label="Pagination" className="mt-4 flex items-center justify-between text-sm">
      {offset ? <Link href={href(Math.max(0, offset - pageSize))} className={linkStyles}>← Previous page</Link> : <span />}
      {offset + shown < total ? <Link href={href(offset + pageSize)} className={linkStyles}>Next page →</Link> : <span className="text-slate-500">End of list</span>}
    </nav>
  );
}
