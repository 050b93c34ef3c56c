import { Link } from '@/components/ui/Link';

/**
 * The header's link to the alerts page, with the open-alert count once it is known (null while it
 * streams in). Only the counted link is `alerts-badge`: React may keep a Suspense fallback in the
 * document, hidden, after the count arrived, and a test must find one badge.
 */
export function AlertsBadgeLink({ count }: { count: number | null }) {
  const label = count === null ? 'Alerts' : `${count} open alert${count === 1 ? '' : 's'}`;
  return (
    <Link
      href="/alerts"
      data-testid={count === null ? 'alerts-badge-pending' : 'alerts-badge'}
      aria-label={label}
      title={label}
      className="relative inline-flex items-center gap-1.5 rounded-md px-2 py-1.5 text-sm font-medium text-slate-300 hover:bg-white/10 hover:text-white focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-white"
    >
      <svg aria-hidden="true" viewBox="0 0 20 20" className="h-4 w-4" fill="currentColor">
        <path d="M10 2a6 6 0 00-6 6v2.586l-.707.707A1 1 0 004 13h12a1 1 0 00.707-1.707L16 10.586V8a6 6 0 00-6-6zm0 16a3 3 0 01-2.83-2h5.66A3 3 0 0110 18z" />
      </svg>
      <span>Alerts</span>
      {count ? (
        <span data-testid="alerts-badge-count" className="rounded-full bg-rose-700 px-1.5 text-xs font-semibold tabular-nums text-white">
          {count}
        </span>
      ) : null}
    </Link>
  );
}
