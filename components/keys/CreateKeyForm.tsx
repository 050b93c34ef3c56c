'use client';

import { type FormEvent, useState } from 'react';
import { PERMISSIONS, type Permission } from '@/lib/auth/principal';
import { errorDetail } from '@/lib/client/api-client';
import { type CreatedKey, useCreateKeyMutation } from '@/lib/keys/hooks/use-create-key-mutation';
import type { FactScope } from '@/lib/facts/scope';
import { CheckboxGroup } from '../ui/CheckboxGroup';
import { Notice } from '../ui/Notice';
import { buttonStyles, cardStyles } from '../ui/styles';
import { TextField } from '../ui/TextField';

const permissionHints: Record<Permission, string> = {
  read: 'read facts and conflicts',
  write: 'assert facts, resolve conflicts',
  admin: 'manage keys and policies',
};

/** Creates a key; the node generates the secret and returns it once (shown by NewKeyNotice). A key hands out only what its creator holds. */
export function CreateKeyForm({ scopes: ownScopes, permissions: ownPermissions, onCreated }: { scopes: FactScope[]; permissions: Permission[]; onCreated: (created: CreatedKey) => void }) {
  const create = useCreateKeyMutation();
  const [entityUri, setEntityUri] = useState('');
  const [permissions, setPermissions] = useState<Permission[]>(['read']);
  const [scopes, setScopes] = useState<FactScope[]>(ownScopes.includes('local') ? ['local'] : ownScopes.slice(0, 1));
  const grantable = PERMISSIONS.filter((p) => ownPermissions.some((own) => PERMISSIONS.indexOf(own) >= PERMISSIONS.indexOf(p)));
  const [description, setDescription] = useState('');
  const [expiresAt, setExpiresAt] = useState('');

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    create.mutate(
      {
        entity_uri: entityUri,
        permissions,
        allowed_scopes: scopes,
        description: description.trim() || null,
        // datetime-local has no zone: it means the operator's local time.
        expires_at: expiresAt ? new Date(expiresAt).toISOString() : null,
      },
      {
        onSuccess: (created) => {
          onCreated(created);
          setEntityUri('');
          setDescription('');
          setExpiresAt('');
        },
      },
    );
  }

  return (
    <section aria-labelledby="create-key-title" className={`${cardStyles} p-5`}>
      <h2 id="create-key-title" className="text-base font-semibold text-slate-900">
        Create a key
      </h2>
      <form onSubmit={submit} className="mt-4 space-y-5">
        <div className="grid gap-4 md:grid-cols-2">
          <TextField
            id="key-entity"
            label="Entity URI"
            required
            value={entityUri}
            onChange={(e) => setEntityUri(e.target.value)}
            placeholder="agent:planner"
            mono
            hint="Who the key speaks for: the source of what it resolves."
          />
          <TextField id="key-description" label="Description" note="optional" maxLength={500} value={description} onChange={(e) => setDescription(e.target.value)} placeholder="nightly import job" />
        </div>
        <CheckboxGroup legend="Permissions" hint="Each includes the ones before it." options={grantable} selected={permissions} onChange={setPermissions} hints={permissionHints} />
        <CheckboxGroup legend="Allowed scopes" hint="A key reaches only these scopes; none means no access. You can give only scopes you administer." options={ownScopes} selected={scopes} onChange={setScopes} />
        <TextField id="key-expires" label="Expires" note="optional, in this browser's time zone" type="datetime-local" value={expiresAt} onChange={(e) => setExpiresAt(e.target.value)} className="max-w-xs" />
        {create.isError ? (
          <Notice tone="error" title="Could not create the key" testId="create-key-error">
            {errorDetail(create.error)}
          </Notice>
        ) : null}
        <button type="submit" disabled={create.isPending} className={buttonStyles.primary}>
          {create.isPending ? 'Creating…' : 'Create key'}
        </button>
      </form>
    </section>
  );
}
