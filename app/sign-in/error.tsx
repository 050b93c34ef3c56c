'use client';

import { RouteError } from '@/components/ui/RouteError';

export default function SignInError({ error, retry }: { error: unknown; retry: () => void }) {
  return (
    <main id="main" className="mx-auto max-w-md px-4 py-16">
      <RouteError error={error} retry={retry} what="the sign-in page" />
    </main>
  );
}
