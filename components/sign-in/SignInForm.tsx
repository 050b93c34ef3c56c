'use client';

import { useRouter } from 'next/navigation';
import { type FormEvent, useEffect, useState } from 'react';
import { errorDetail } from '@/lib/client/api-client';
import { useSignInMutation } from '@/lib/auth/hooks/use-sign-in-mutation';
import { Notice } from '../ui/Notice';
import { buttonStyles, inputStyles, labelStyles } from '../ui/styles';

/** Paste an API key; on success the session cookie is set and we go back where the user was. */
export function SignInForm({ next }: { next: string }) {
  const router = useRouter();
  const signIn = useSignInMutation();
  // The key is read from the form when it is sent, not from state: a key typed or pasted before
  // the page hydrated is still there. Until hydration the button stays disabled and says "Loading…"
  // (a press then would do nothing, silently), so a native form submission can never put the key in a URL.
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const key = String(new FormData(event.currentTarget).get('key') ?? '').trim();
    if (!key) return;
    signIn.mutate(key, {
      onSuccess: () => {
        router.replace(next);
        router.refresh();
      },
    });
  }

  return (
    <form onSubmit={submit} className="space-y-4" aria-describedby={signIn.isError ? 'sign-in-error' : undefined}>
      <div>
        <label htmlFor="api-key" className={labelStyles}>
          API key
        </label>
        <input
          id="api-key"
          name="key"
          type="password"
          autoComplete="off"
          spellCheck={false}
          required
          autoFocus
          className={`${inputStyles} mt-1 font-mono`}
          placeholder="sk_…"
        />
        <p className="mt-1 text-xs text-slate-500">The key stays on this node: it is exchanged for a session cookie and never stored in the browser.</p>
      </div>
      {signIn.isError ? (
        <div id="sign-in-error">
          <Notice tone="error" title="Sign-in failed" testId="sign-in-error">
            {errorDetail(signIn.error)}
          </Notice>
        </div>
      ) : null}
      <button type="submit" disabled={!hydrated || signIn.isPending} className={`${buttonStyles.primary} w-full`}>
        {!hydrated ? 'Loading…' : signIn.isPending || signIn.isSuccess ? 'Signing in…' : 'Sign in'}
      </button>
    </form>
  );
}
