'use client';

import { useState } from 'react';
import type { ApiKeyRecord } from '@/lib/keys/api-key-record';
import { errorDetail } from '@/lib/client/api-client';
import type { CreatedKey } from '@/lib/keys/hooks/use-create-key-mutation';
import { useKeysQuery } from '@/lib/keys/hooks/use-keys-query';
import { EmptyState } from '../ui/EmptyState';
import { Notice } from '../ui/Notice';
import { CreateKeyForm } from './CreateKeyForm';
import { KeysTable } from './KeysTable';
import { NewKeyNotice } from './NewKeyNotice';

/** The keys admin: the new key (once), the active keys, and the create form. */
export function KeysAdmin({ initialKeys, currentKeyId }: { initialKeys: ApiKeyRecord[]; currentKeyId: string | null }) {
  const keys = useKeysQuery({ initialData: initialKeys });
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
            {keys.isFetching ? 'Refreshing…' : `${keys.data?.length ?? 0} active`}
          </span>
        </div>
        {keys.isError ? (
          <Notice tone="error" title="Could not load keys">
            {errorDetail(keys.error)}
          </Notice>
        ) : (
          <KeysTable keys={keys.data ?? []} currentKeyId={currentKeyId} empty={<EmptyState title="No active keys">Create one below. Revoked and expired keys are not listed.</EmptyState>} />
        )}
      </section>
      <CreateKeyForm onCreated={(key) => (key.key ? setCreated({ ...key, key: key.key }) : setCreated(null))} />
    </>
  );
}
