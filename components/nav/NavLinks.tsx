'use client';

import { Link } from '@/components/ui/Link';
import { usePathname } from 'next/navigation';

export const NAV_ITEMS = [
  { href: '/', label: 'Health' },
  { href: '/conflicts', label: 'Conflicts' },
  { href: '/decay', label: 'Decay' },
  { href: '/synthesis', label: 'Synthesis' },
  { href: '/entities', label: 'Entities' },
  { href: '/sources', label: 'Sources' },
  { href: '/keys', label: 'Keys' },
  { href: '/node', label: 'Node' },
] as const;

/** Shown to admins only: moderating quarantine and reading the audit log need the admin permission. */
const ADMIN_ITEMS = [
  { href: '/quarantine', label: 'Quarantine' },
  { href: '/audit', label: 'Audit' },
] as const;

function isActive(pathname: string, href: string): boolean {
  return href === '/' ? pathname === '/' : pathname === href || pathname.startsWith(`${href}/`);
}

export function NavLinks({ admin = false }: { admin?: boolean }) {
  const pathname = usePathname() ?? '/';
  const items = admin ? [...NAV_ITEMS, ...ADMIN_ITEMS] : NAV_ITEMS;
  return (
    <ul className="flex flex-wrap items-center gap-1 xl:flex-nowrap xl:gap-0.5">
      {items.map((item) => {
        const active = isActive(pathname, item.href);
        return (
          <li key={item.href}>
            <Link
              href={item.href}
              aria-current={active ? 'page' : undefined}
              className={`block rounded-md px-2.5 py-1.5 text-sm whitespace-nowrap xl:px-1.5 2xl:px-2.5 font-medium transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-white ${
                active ? 'bg-white/15 text-white' : 'text-slate-300 hover:bg-white/10 hover:text-white'
              }`}
            >
              {item.label}
            </Link>
          </li>
        );
      })}
    </ul>
  );
}
