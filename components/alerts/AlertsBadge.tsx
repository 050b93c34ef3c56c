import { openAlertCount } from '@/lib/alerts/alert-store';
import { type Principal, readableScopes } from '@/lib/auth/principal';
import { AlertsBadgeLink } from './AlertsBadgeLink';

/**
 * In the header on every page: how many alerts are open (not yet acknowledged) in the caller's
 * scopes. The header renders it inside a Suspense boundary: the count is a query, and the page's
 * shell must not wait for it (on the embedded database it can queue behind the page's own reads).
 */
export async function AlertsBadge({ principal }: { principal: Principal }) {
  const count = await openAlertCount(readableScopes(principal)).catch(() => null);
  return <AlertsBadgeLink count={count} />;
}
