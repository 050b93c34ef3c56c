import Link from 'next/link';
import { linkStyles } from './styles';

/** The one way back up from a detail page: a breadcrumb link to its list. */
export function BackLink({ href, label }: { href: string; label: string }) {
  return (
    <nav aria-label="Breadcrumb" className="mb-3 text-sm">
      <Link href={href} className={linkStyles}>
        ← {label}
      </Link>
    </nav>
  );
}
