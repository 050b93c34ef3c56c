import { Link } from '@/components/ui/Link';
import type { ReactNode } from 'react';
import { linkStyles } from './styles';

/**
 * A page's title, what the page is for, and its actions. `back` is the one way up from a detail
 * page: a breadcrumb link to its list, above the title.
 */
export function PageHeader({ title, description, actions, back }: { title: string; description?: ReactNode; actions?: ReactNode; back?: { href: string; label: string } }) {
  return (
    <>
      {back ? (
        <nav aria-label="Breadcrumb" className="mb-3 text-sm">
          <Link href={back.href} className={linkStyles}>
            ← {back.label}
          </Link>
        </nav>
      ) : null}
      <div className="mb-6 flex flex-wrap items-end justify-between gap-4">
        <div className="min-w-0">
          <h1 className="text-2xl font-semibold tracking-tight text-slate-900">{title}</h1>
          {description ? <div className="mt-1 max-w-3xl text-sm text-slate-600">{description}</div> : null}
        </div>
        {actions ? <div className="flex shrink-0 items-center gap-2">{actions}</div> : null}
      </div>
    </>
  );
}
