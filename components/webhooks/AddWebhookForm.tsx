'use client';

import { useState } from 'react';
import { errorDetail } from '@/lib/client/api-client';
import { FACT_SCOPES } from '@/lib/facts/scope';
import { useAddWebhookMutation } from '@/lib/webhooks/hooks/use-webhook-mutations';
import { buttonStyles, inputStyles, labelStyles } from '../ui/styles';

/** A new destination: URL, signing secret, scopes (none = all). */
export function AddWebhookForm() {
  const [url, setUrl] = useState('');
  const [secret, setSecret] = useState('');
  const [scopes, setScopes] = useState<string[]>([]);
  const add = useAddWebhookMutation();
  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    add.mutate(
      { url, secret, scopes },
      {
        onSuccess: () => {
          setUrl('');
          setSecret('');
          setScopes([]);
        },
      },
    );
  };
  return (
    <form onSubmit={submit} className="grid gap-3 sm:grid-cols-2" data-testid="add-webhook">
      <div>
        <label htmlFor="webhook-url" className={labelStyles}>
          URL
        </label>
        <input id="webhook-url" type="url" required value={url} onChange={(e) => setUrl(e.target.value)} placeholder="https://hooks.slack.com/services/…" className={`${inputStyles} mt-1`} />
      </div>
      <div>
        <label htmlFor="webhook-secret" className={labelStyles}>
          Signing secret (16+ characters)
        </label>
        <input id="webhook-secret" type="password" required minLength={16} value={secret} onChange={(e) => setSecret(e.target.value)} autoComplete="new-password" className={`${inputStyles} mt-1`} />
      </div>
      <fieldset className="sm:col-span-2">
        <legend className={labelStyles}>Scopes (none checked = every scope)</legend>
        <div className="mt-1 flex flex-wrap gap-4 text-sm">
          {FACT_SCOPES.map((s) => (
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
        {add.error ? (
          <p role="alert" className="text-sm text-rose-700">
            {errorDetail(add.error)}
          </p>
        ) : null}
      </div>
    </form>
  );
}
