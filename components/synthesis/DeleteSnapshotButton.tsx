'use client';

import { useState } from 'react';
import { errorDetail } from '@/lib/client/api-client';
import { useDeleteSnapshotMutation } from '@/lib/client/use-delete-snapshot-mutation';
import type { SnapshotRecord } from '@/lib/synthesis/snapshots';
import { ConfirmDialog } from '../ui/ConfirmDialog';
import { Notice } from '../ui/Notice';
import { buttonStyles } from '../ui/styles';

export function DeleteSnapshotButton({ snapshot, name }: { snapshot: SnapshotRecord; name: string }) {
  const [open, setOpen] = useState(false);
  const remove = useDeleteSnapshotMutation();
  const close = () => {
    setOpen(false);
    remove.reset();
  };
  return (
    <>
      <button type="button" onClick={() => setOpen(true)} className={`${buttonStyles.dangerOutline} px-2.5 py-1 text-xs`} aria-label={`Delete ${name}`}>
        Delete
      </button>
      <ConfirmDialog open={open} title="Delete this snapshot?" confirmLabel="Delete snapshot" pending={remove.isPending} onCancel={close} onConfirm={() => remove.mutate(snapshot.snapshot_id, { onSuccess: close })}>
        <p>
          <span className="wrap-anywhere">{name}</span> ({snapshot.entry_count.toLocaleString('en-US')} entries) is removed for everyone. Facts are not affected.
        </p>
        {remove.isError ? (
          <div className="mt-3">
            <Notice tone="error">{errorDetail(remove.error)}</Notice>
          </div>
        ) : null}
      </ConfirmDialog>
    </>
  );
}
