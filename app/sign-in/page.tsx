import type { Metadata } from 'next';
import { SignInForm } from '@/components/sign-in/SignInForm';
import { Notice } from '@/components/ui/Notice';
import { currentPrincipal } from '@/lib/pages/page-access';
import { safeReturnPath } from '@/lib/pages/safe-return-path';

export const metadata: Metadata = { title: 'Sign in' };

export default async function SignInPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const next = safeReturnPath((await searchParams).next);
  const principal = await currentPrincipal();
  return (
    <main id="main" tabIndex={-1} className="flex min-h-screen items-center justify-center px-4 py-12 focus:outline-none">
      <div className="w-full max-w-md">
        <div className="mb-6 flex items-center justify-center gap-2 text-lg font-semibold tracking-tight text-slate-900">
          <span aria-hidden="true" className="grid h-8 w-8 place-items-center rounded-lg bg-indigo-600 text-sm font-bold text-white">
            S
          </span>
          Stigmem Health
        </div>
        <div className="rounded-2xl border border-slate-200 bg-white p-8 shadow-sm">
          <h1 className="text-xl font-semibold text-slate-900">Sign in</h1>
          <p className="mt-1 mb-6 text-sm text-slate-600">Paste an API key of this node to open the dashboard.</p>
          {principal && principal.via === 'session' ? (
            <div className="mb-4">
              <Notice title="Already signed in">
                You are signed in as <span className="font-mono wrap-anywhere">{principal.entityUri}</span>. Signing in with another key replaces this session.
              </Notice>
            </div>
          ) : null}
          <SignInForm next={next} />
        </div>
      </div>
    </main>
  );
}
