'use client';

import { useRouter } from 'next/navigation';
import { useTransition } from 'react';
import { buttonStyles } from '../ui/styles';

/** Runs the scope's lint again (the page lints on every render). */
export function RelintButton() {
  const router = useRouter();
  const [pending, startTransition] = useTransition();
  return (
    <button type="button" onClick={() => startTransition(() => router.refresh())} disabled={pending} className={buttonStyles.secondary}>
      {pending ? 'Linting…' : 'Lint again'}
    </button>
  );
}
