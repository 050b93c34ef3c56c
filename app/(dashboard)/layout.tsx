import { NavBar } from '@/components/nav/NavBar';
import { currentPrincipal } from '@/lib/pages/page-access';

// Every dashboard page: the top bar and the main landmark. Pages themselves redirect to sign-in
// (they know their own path, which the layout does not).
export default async function DashboardLayout({ children }: { children: React.ReactNode }) {
  const principal = await currentPrincipal();
  return (
    <>
      <NavBar principal={principal} />
      <main id="main" tabIndex={-1} className="mx-auto max-w-7xl px-4 py-8 focus:outline-none sm:px-6 lg:px-8">
        {children}
      </main>
    </>
  );
}
