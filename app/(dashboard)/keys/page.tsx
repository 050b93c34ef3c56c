import type { Metadata } from 'next';
import { KeysAdmin } from '@/components/keys/KeysAdmin';
import { Notice } from '@/components/ui/Notice';
import { PageHeader } from '@/components/ui/PageHeader';
import { requirePrincipal } from '@/lib/auth/current-principal';
import { listApiKeys } from '@/lib/auth/list-api-keys';
import { hasPermission } from '@/lib/auth/principal';

export const metadata: Metadata = { title: 'Keys' };

export default async function KeysPage() {
  const principal = await requirePrincipal('/keys');
  const isAdmin = hasPermission(principal, 'admin');
  return (
    <>
      <PageHeader title="API keys" description="Keys of agents, scripts and people. Each key names who it speaks for, what it may do, and which scopes it reaches." />
      {isAdmin ? (
        <KeysAdmin initialKeys={await listApiKeys()} currentKeyId={principal.keyId} />
      ) : (
        <Notice tone="warning" title="Needs admin" testId="needs-admin">
          Managing keys needs the admin permission. You are signed in as <span className="font-mono wrap-anywhere">{principal.entityUri}</span> with{' '}
          {principal.permissions.join(', ') || 'no'} permission{principal.permissions.length === 1 ? '' : 's'}.
        </Notice>
      )}
    </>
  );
}
