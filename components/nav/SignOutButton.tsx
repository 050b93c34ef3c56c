'use client';

import { useRouter } from 'next/navigation';
import { useSignOutMutation } from '@/lib/auth/hooks/use-sign-out-mutation';
import { InlineError } from '../ui/InlineError';

export function SignOutButton() {
  const router = useRouter();
  const signOut = useSignOutMutation();
  return (
    <>
      <button
        type="button"
        disabled={signOut.isPending}
        onClick={() =>
          signOut.mutate(undefined, {
            onSuccess: () => {
              router.replace('/sign-in');
              router.refresh();
            },
          })
        }
        className="rounded-md border border-white/20 px-3 py-1.5 text-sm font-medium text-white transition-colors hover:bg-white/10 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-white disabled:opacity-60"
      >
        {signOut.isPending ? 'Signing out…' : 'Sign out'}
      </button>
      <InlineError error={signOut.error} className="text-xs text-rose-200" />
    </>
  );
}
