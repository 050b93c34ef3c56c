import { EmptyState } from './EmptyState';
import { Notice } from './Notice';

/**
 * Why a page about one scope (decay, synthesis) cannot show it: the key reads no scope at all, or
 * not the one in the URL. Null when it may, so a page renders `notice ?? content`.
 */
export function scopeAccessNotice(readable: readonly string[], scope: string | undefined, testId: string) {
  if (!readable.length) return <EmptyState title="No readable scopes">This key has no read access to any scope. Ask an admin to add scopes to it.</EmptyState>;
  if (scope && readable.includes(scope)) return null;
  return (
    <Notice tone="warning" title="No access to this scope" testId={testId}>
      This key cannot read scope “{scope}”. Pick one of your scopes above.
    </Notice>
  );
}
