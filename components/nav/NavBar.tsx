import { Link } from '@/components/ui/Link';
import { Suspense } from 'react';
import { hasPermission, type Principal } from '@/lib/auth/principal';
import { AlertsBadge } from '../alerts/AlertsBadge';
import { AlertsBadgeLink } from '../alerts/AlertsBadgeLink';
import { ThemeToggle } from '../theme/ThemeToggle';
import { NavLinks } from './NavLinks';
import { SignOutButton } from './SignOutButton';

/** Top bar: product name, the six sections, and who is signed in. */
export function NavBar({ principal }: { principal: Principal | null }) {
  return (
    <header className="palette-fixed bg-slate-900 text-white">
      <div className="mx-auto flex max-w-7xl flex-wrap items-center gap-x-6 gap-y-2 px-4 py-3 sm:px-6 lg:px-8">
        <Link href="/" className="order-1 flex shrink-0 items-center gap-2 rounded-md font-semibold tracking-tight focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-white">
          <img src="/icon.svg" alt="" width={28} height={28} className="h-7 w-7" />
          Stigmem Health
        </Link>
        <nav aria-label="Main" className="order-3 w-full lg:order-2 lg:w-auto lg:flex-1">
          <NavLinks admin={!!principal && hasPermission(principal, 'admin')} />
        </nav>
        <div className="order-2 ml-auto flex min-w-0 items-center gap-3 lg:order-3">
          <ThemeToggle />
          {principal ? (
            <>
              <Suspense fallback={<AlertsBadgeLink count={null} />}>
                <AlertsBadge principal={principal} />
              </Suspense>
              <div className="hidden min-w-0 text-right text-xs leading-tight sm:block">
                <div className="text-slate-400">{principal.via === 'open' ? 'Open node (auth off)' : 'Signed in as'}</div>
                <div data-testid="signed-in-entity" className="max-w-[9rem] truncate sm:max-w-[16rem] font-mono text-slate-100" title={principal.entityUri}>
                  {principal.entityUri}
                </div>
              </div>
              {principal.via === 'session' ? <SignOutButton /> : null}
            </>
          ) : null}
        </div>
      </div>
    </header>
  );
}
