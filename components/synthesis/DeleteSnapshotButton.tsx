'use client';

import { useDeleteSnapshotMutation } from '@/lib/synthesis/hooks/use-delete-snapshot-mutation';
import type { SnapshotRecord } from '@/lib/synthesis/snapshots';
import { ConfirmActionButton } from '../ui/ConfirmActionButton';

export function DeleteSnapshotButton({ snapshot, name }: { snapshot: SnapshotRecord; name: string }) {
  const remove = useDeleteSnapshotMutation();
  return (
    <ConfirmActionButton
      label="Delete"
      ariaLabel={`Delete ${name}`}
      title="Delete this snapshot?"
      confirmLabel="Delete snapshot"
      pending={remove.isPending}
      error={remove.error}
      onConfirm={(close) => remove.mutate(snapshot.snapshot_id, { onSuccess: close })}
      onClose={remove.reset}
    >
      <p>
        <span className="wrap-anywhere">{name}</span> ({snapshot.entry_count.toLocaleString('en-US')} entries) is removed for everyone. Facts are not affected.
      </p>
    </ConfirmActionButton>
  );
}
