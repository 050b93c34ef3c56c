'use client';

import { useState } from 'react';
import { errorDetail } from '@/lib/client/api-client';
import type { CreatedKey } from '@/lib/keys/hooks/use-create-key-mutation';
import { useKeysQuery } from '@/lib/keys/hooks/use-keys-query';
import type { KeysPage } from '@/lib/keys/keys-page';
import type { FactScope } from '@/lib/facts/scope';
import type { Permission } from '@/lib/auth/principal';
import { CursorPager } from '../ui/CursorPager';
import { EmptyState } from '../ui/EmptyState';
import { Notice } from '../ui/Notice';
import { CreateKeyForm } from './CreateKeyForm';
import { KeysTable } from './KeysTable';
import { NewKeyNotice } from './NewKeyNotice';

/**
 * The keys admin: the new key (once), the active keys within the admin's scopes (a page at a time),
 * and the create form, which offers only the scopes and permissions the admin holds itself.
 */
export function KeysAdmin({ initialPage, currentKeyId, scopes, permissions }: { initialPage: KeysPage; currentKeyId: string | null; scopes: FactScope[]; permissions: Permission[] }) {
  const [cursors, setCursors] = useState<(string | null)[]>([null]);
  const keys = useKeysQuery({ cursor: cursors.at(-1) ?? null, initialData: initialPage });
  const [created, setCreated] = useState<(CreatedKey & { key: string }) | null>(null);

  return (
    <>
      {created ? <NewKeyNotice created={created} onDone={() => setCreated(null)} /> : null}
      <section aria-labelledby="active-keys-title" className="mb-8">
        <div className="mb-3 flex items-baseline justify-between">
          <h2 id="active-keys-title" className="text-base font-semibold text-slate-900">
            Active keys
          </h2>
          <span className="text-xs text-slate-500" aria-live="polite">
            {keys.isFetching ? 'Refreshing…' : `${keys.data?.keys.length ?? 0}${keys.data?.next_cursor || cursors.length > 1 ? ' on this page' : ' active'}`}
          </span>
        </div>
        {keys.isError ? (
          <Notice tone="error" title="Could not load keys">
            {errorDetail(keys.error)}
          </Notice>
        ) : (
          <>
            <KeysTable
              keys={keys.data?.keys ?? []}
              currentKeyId={currentKeyId}
              empty={<EmptyState title="No active keys">Create one below. Revoked and expired keys, and keys of scopes you do not administer, are not listed.</EmptyState>}
            />
            <div className="mt-3">
              <CursorPager cursors={cursors} onCursors={setCursors} nextCursor={keys.data?.next_cursor} busy={keys.isPlaceholderData} label="Pages of keys" />
            </div>
          </>
        )}
      </section>
      <CreateKeyForm scopes={scopes} permissions={permissions} onCreated={(key) => (key.key ? setCreated({ ...key, key: key.key }) : setCreated(null))} />
    </>
  );
}
