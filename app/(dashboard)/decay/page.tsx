import type { Metadata } from 'next';
import { ComingSoon } from '@/components/ui/ComingSoon';
import { PageHeader } from '@/components/ui/PageHeader';
import { requirePrincipal } from '@/lib/auth/current-principal';

export const metadata: Metadata = { title: 'Decay' };

export default async function DecayPage() {
  await requirePrincipal('/decay');
  return (
    <>
      <PageHeader title="Decay" description="Preview what a decay sweep would change before running it." />
      <ComingSoon feature="Decay preview" issue="the decay issue">
        Policies, a dry-run list of the confidence changes and retractions a sweep would write, and the sweep itself.
      </ComingSoon>
    </>
  );
}
