import { Link } from '@/components/ui/Link';
import { Suspense } from 'react';
import { hasPermission, type Principal } from '@/lib/auth/principal';
import { AlertsBadge } from '../alerts/AlertsBadge';
import { AlertsBadgeLink } from '../alerts/AlertsBadgeLink';
import { ThemeToggle } from '../theme/ThemeToggle';
import { HeaderMenu } from './HeaderMenu';
import { NavLinks } from './NavLinks';
import { SignOutButton } from './SignOutButton';

/**
 * Top bar: product name, the sections, the theme, the open alerts and who is signed in. One row at
 * every width: from 1280 px everything sits in it; below, the sections, theme and account fold into
 * a "Menu" panel (HeaderMenu) and the bar keeps the name, the alerts and the Menu button.
 */
export function NavBar({ principal }: { principal: Principal | null }) {
  return (
    <header className="palette-fixed bg-slate-900 text-white">
      <div className="mx-auto flex max-w-7xl flex-wrap items-center gap-x-4 gap-y-2 px-4 py-2.5 sm:px-6 lg:px-8 2xl:max-w-[96rem]">
        <Link href="/" className="order-1 flex shrink-0 items-center gap-2 rounded-md font-semibold tracking-tight focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-white">
          <img src="/icon.svg" alt="" width={28} height={28} className="h-7 w-7" />
          <span className="max-sm:sr-only">Stigmem Health</span>
        </Link>
        <div className="order-2 ml-auto flex items-center gap-2 xl:order-3 xl:ml-0">
          {principal ? (
            <Suspense fallback={<AlertsBadgeLink count={null} />}>
              <AlertsBadge principal={principal} />
            </Suspense>
          ) : null}
        </div>
        <HeaderMenu>
          <nav aria-label="Main" className="xl:min-w-0 xl:flex-1">
            <NavLinks admin={!!principal && hasPermission(principal, 'admin')} />
          </nav>
          <div className="flex min-w-0 flex-wrap items-center gap-3">
            <ThemeToggle />
            {principal ? (
              <>
                {/* In the Menu panel below 1280 px and in the bar from 1536 px (the bar is too full between). */}
                <div className="min-w-0 text-xs leading-tight xl:hidden 2xl:block 2xl:text-right">
                  <div className="text-slate-400">{principal.via === 'open' ? 'Open node (auth off)' : 'Signed in as'}</div>
                  <div data-testid="signed-in-entity" className="max-w-[16rem] truncate font-mono text-slate-100" title={principal.entityUri}>
                    {principal.entityUri}
                  </div>
                </div>
                {principal.via === 'session' ? <SignOutButton /> : null}
              </>
            ) : null}
          </div>
        </HeaderMenu>
      </div>
    </header>
  );
}
