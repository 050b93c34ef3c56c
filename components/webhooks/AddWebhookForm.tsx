'use client';

import { useState } from 'react';
import type { FactScope } from '@/lib/facts/scope';
import { useAddWebhookMutation } from '@/lib/webhooks/hooks/use-webhook-mutations';
import { buttonStyles, labelStyles } from '../ui/styles';
import { TextField } from '../ui/TextField';
import { InlineError } from '../ui/InlineError';

/**
 * A new destination: URL, signing secret, scopes among those the admin holds. None checked = every
 * scope, which only an admin of every scope may set up; a limited admin starts with its first scope.
 */
export function AddWebhookForm({ ownScopes, everyScope }: { ownScopes: FactScope[]; everyScope: boolean }) {
  const initial = everyScope ? [] : ownScopes.slice(0, 1);
  const [url, setUrl] = useState('');
  const [secret, setSecret] = useState('');
  const [scopes, setScopes] = useState<string[]>(initial);
  const add = useAddWebhookMutation();
  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    add.mutate(
      { url, secret, scopes },
      {
        onSuccess: () => {
          setUrl('');
          setSecret('');
          setScopes(initial);
        },
      },
    );
  };
  return (
    <form onSubmit={submit} className="grid gap-3 sm:grid-cols-2" data-testid="add-webhook">
      <TextField id="webhook-url" label="URL" type="url" required value={url} onChange={(e) => setUrl(e.target.value)} placeholder="https://hooks.slack.com/services/…" />
      <TextField id="webhook-secret" label="Signing secret (16+ characters)" type="password" required minLength={16} value={secret} onChange={(e) => setSecret(e.target.value)} autoComplete="new-password" />
      <fieldset className="sm:col-span-2">
        <legend className={labelStyles}>{everyScope ? 'Scopes (none checked = every scope)' : 'Scopes (within those you administer)'}</legend>
        <div className="mt-1 flex flex-wrap gap-4 text-sm">
          {ownScopes.map((s) => (
            <label key={s} className="inline-flex items-center gap-1.5">
              <input type="checkbox" checked={scopes.includes(s)} onChange={(e) => setScopes(e.target.checked ? [...scopes, s] : scopes.filter((x) => x !== s))} />
              {s}
            </label>
          ))}
        </div>
      </fieldset>
      <div className="flex items-center gap-3 sm:col-span-2">
        <button type="submit" disabled={add.isPending} className={buttonStyles.primary}>
          {add.isPending ? 'Adding…' : 'Add destination'}
        </button>
        <InlineError error={add.error} className="text-sm text-rose-700" />
      </div>
    </form>
  );
}
