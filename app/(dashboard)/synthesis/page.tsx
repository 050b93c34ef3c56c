import type { Metadata } from 'next';
import { ComingSoon } from '@/components/ui/ComingSoon';
import { PageHeader } from '@/components/ui/PageHeader';
import { requirePrincipal } from '@/lib/auth/current-principal';

export const metadata: Metadata = { title: 'Synthesis' };

export default async function SynthesisPage() {
  await requirePrincipal('/synthesis');
  return (
    <>
      <PageHeader title="Synthesis" description="The current state of a scope: one winning value per triple." />
      <ComingSoon feature="Synthesis" issue="the synthesis issue">
        Snapshots of each scope with contradiction badges, saved snapshots and a diff between two of them.
      </ComingSoon>
    </>
  );
}
