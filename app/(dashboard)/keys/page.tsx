import type { Metadata } from 'next';
import { KeysAdmin } from '@/components/keys/KeysAdmin';
import { Notice } from '@/components/ui/Notice';
import { PageHeader } from '@/components/ui/PageHeader';
import { pageAccess } from '@/lib/pages/page-access';
import type { FactScope } from '@/lib/facts/scope';
import { KEYS_PAGE_SIZE, type KeysPage } from '@/lib/keys/keys-page';
import { listApiKeys } from '@/lib/keys/list-api-keys';

export const metadata: Metadata = { title: 'Keys' };

/** The first page of the keys within the admin's scopes, as GET /v1/auth/keys answers it. */
async function firstPage(scopes: FactScope[]): Promise<KeysPage> {
  const { keys, nextCursor } = await listApiKeys(scopes, { limit: KEYS_PAGE_SIZE });
  return { keys, next_cursor: nextCursor };
}

export default async function KeysPage() {
  const access = await pageAccess('/keys');
  const { principal } = access;
  const isAdmin = access.can('admin');
  return (
    <>
      <PageHeader title="API keys" description="Keys of agents, scripts and people. Each key names who it speaks for, what it may do, and which scopes it reaches." />
      {isAdmin ? (
        <KeysAdmin initialPage={await firstPage(access.scopesWith('admin'))} currentKeyId={principal.keyId} scopes={access.scopesWith('admin')} permissions={principal.permissions} />
      ) : (
        <Notice tone="warning" title="Needs admin" testId="needs-admin">
          Managing keys needs the admin permission. You are signed in as <span className="font-mono wrap-anywhere">{principal.entityUri}</span> with{' '}
          {principal.permissions.join(', ') || 'no'} permission{principal.permissions.length === 1 ? '' : 's'}.
        </Notice>
      )}
    </>
  );
}
