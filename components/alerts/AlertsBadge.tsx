import { openAlertCount } from '@/lib/alerts/alert-store';
import { type Principal, readableScopes } from '@/lib/auth/principal';
import { readChangeBaseline } from '@/lib/changes/read-changes';
import { AlertsBadgeLink } from './AlertsBadgeLink';
import { LiveAlertsBadge } from './LiveAlertsBadge';

/**
 * In the header on every page: how many alerts are open (not yet acknowledged) in the caller's
 * scopes. The header renders it inside a Suspense boundary: the count is a query, and the page's
 * shell must not wait for it (on the embedded database it can queue behind the page's own reads).
 * The change counters are read before the count, so the browser's copy (LiveAlertsBadge) knows
 * what the count already includes and reads it again when an alert, run or mute moves.
 */
export async function AlertsBadge({ principal }: { principal: Principal }) {
  const scopes = readableScopes(principal);
  const baseline = await readChangeBaseline(scopes).catch(() => null);
  const count = await openAlertCount(scopes).catch(() => null);
  return baseline ? <LiveAlertsBadge key={baseline.as_of} count={count} baseline={baseline} /> : <AlertsBadgeLink count={count} />;
}
