'use client';

import { type FormEvent, useState } from 'react';
import { errorDetail } from '@/lib/client/api-client';
import { useSaveSnapshotMutation } from '@/lib/synthesis/hooks/use-save-snapshot-mutation';
import type { SnapshotRecord } from '@/lib/synthesis/snapshots';
import { Notice } from '../ui/Notice';
import { buttonStyles } from '../ui/styles';
import { TextField } from '../ui/TextField';

/** Saves the scope's current synthesis under an optional label (write on the scope). */
export function SaveSnapshotForm({ scope, canWrite, onSaved }: { scope: string; canWrite: boolean; onSaved: (snapshot: SnapshotRecord) => void }) {
  const save = useSaveSnapshotMutation();
  const [label, setLabel] = useState('');
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    save.mutate({ scope, label: label.trim() || null }, { onSuccess: (snapshot) => (setLabel(''), onSaved(snapshot)) });
  };
  return (
    <form onSubmit={submit} className="space-y-3" aria-label="Save a snapshot">
      <div className="flex flex-wrap items-end gap-2">
        <TextField id="snapshot-label" label="Label" note="optional" value={label} maxLength={200} disabled={!canWrite} onChange={(e) => setLabel(e.target.value)} placeholder="before the Q3 cleanup" className="min-w-0 flex-1" />
        <button type="submit" disabled={!canWrite || save.isPending} className={buttonStyles.primary}>
          {save.isPending ? 'Saving…' : 'Save snapshot'}
        </button>
      </div>
      {!canWrite ? <p className="text-xs text-slate-500">Saving a snapshot needs write access to scope “{scope}”.</p> : null}
      {save.isError ? (
        <Notice tone="error" title="The snapshot was not saved" testId="snapshot-save-error">
          {errorDetail(save.error)}
        </Notice>
      ) : null}
    </form>
  );
}
