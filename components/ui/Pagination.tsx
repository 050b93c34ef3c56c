import { Link } from '@/components/ui/Link';
import { linkStyles } from './styles';

/** "First page" / "Next page" links for keyset-paged lists (the cursor goes in the URL). */
export function Pagination({ firstHref, nextHref, isFirstPage }: { firstHref: string; nextHref: string | null; isFirstPage: boolean }) {
  if (isFirstPage && !nextHref) return null;
  return (
    <nav aria-label="Pagination" className="mt-4 flex items-center justify-between text-sm">
      {isFirstPage ? <span /> : <Link href={firstHref} className={linkStyles}>← First page</Link>}
      {nextHref ? <Link href={nextHref} className={linkStyles}>Next page →</Link> : <span className="text-slate-500">End of list</span>}
    </nav>
  );
}
