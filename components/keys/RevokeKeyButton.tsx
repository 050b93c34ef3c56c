'use client';

import { useState } from 'react';
import type { ApiKeyRecord } from '@/lib/auth/api-key-record';
import { errorDetail } from '@/lib/client/api-client';
import { useRevokeKeyMutation } from '@/lib/client/use-revoke-key-mutation';
import { ConfirmDialog } from '../ui/ConfirmDialog';
import { Notice } from '../ui/Notice';
import { buttonStyles } from '../ui/styles';

export function RevokeKeyButton({ apiKey }: { apiKey: ApiKeyRecord }) {
  const [open, setOpen] = useState(false);
  const revoke = useRevokeKeyMutation();
  const close = () => {
    setOpen(false);
    revoke.reset();
  };
  return (
    <>
      <button type="button" onClick={() => setOpen(true)} className={`${buttonStyles.dangerOutline} px-2.5 py-1 text-xs`} aria-label={`Revoke key ${apiKey.key_prefix} of ${apiKey.entity_uri}`}>
        Revoke
      </button>
      <ConfirmDialog open={open} title="Revoke this key?" confirmLabel="Revoke key" pending={revoke.isPending} onCancel={close} onConfirm={() => revoke.mutate(apiKey.id, { onSuccess: close })}>
        <p>
          Key <span className="font-mono">{apiKey.key_prefix}…</span> of <span className="font-mono wrap-anywhere">{apiKey.entity_uri}</span> stops working on its next request, and its
          dashboard sessions end. This cannot be undone.
        </p>
        {revoke.isError ? (
          <div className="mt-3">
            <Notice tone="error">{errorDetail(revoke.error)}</Notice>
          </div>
        ) : null}
      </ConfirmDialog>
    </>
  );
}
