import { Skeleton } from '@/components/ui/Skeleton';

export default function Loading() {
  return (
    <main id="main" className="flex min-h-screen items-center justify-center px-4" role="status" aria-live="polite">
      <span className="sr-only">Loading sign-in…</span>
      <Skeleton className="h-72 w-full max-w-md rounded-2xl" />
    </main>
  );
}
