'use client';

import type { ReactNode } from 'react';
import { Identifier } from '@/components/ui/Identifier';
import type { ApiKeyRecord } from '@/lib/keys/api-key-record';
import { Chips } from '../ui/Chips';
import { type Column, DataTable } from '../ui/DataTable';
import { DateTime } from '../ui/DateTime';
import { RevokeKeyButton } from './RevokeKeyButton';

const columns: Column<ApiKeyRecord>[] = [
  { key: 'prefix', header: 'Prefix', className: 'font-mono text-xs whitespace-nowrap', cell: (key) => `${key.key_prefix}…` },
  { key: 'entity', header: 'Entity', className: 'max-w-64 font-mono text-xs wrap-break-word', cell: (key) => <Identifier text={key.entity_uri} /> },
  { key: 'permissions', header: 'Permissions', cell: (key) => <Chips items={key.permissions} empty="none" /> },
  { key: 'scopes', header: 'Scopes', cell: (key) => <Chips items={key.allowed_scopes} empty="no scopes" /> },
  { key: 'description', header: 'Description', className: 'max-w-64 text-slate-600 wrap-anywhere', cell: (key) => key.description || <span className="text-slate-500">—</span> },
  { key: 'created', header: 'Created', className: 'text-xs text-slate-600', cell: (key) => <DateTime iso={key.created_at} /> },
  { key: 'expires', header: 'Expires', className: 'text-xs text-slate-600', cell: (key) => <DateTime iso={key.expires_at} fallback="never" /> },
];

export function KeysTable({ keys, currentKeyId, empty }: { keys: ApiKeyRecord[]; currentKeyId: string | null; empty: ReactNode }) {
  return (
    <DataTable
      columns={columns}
      rows={keys}
      rowKey={(key) => key.id}
      rowProps={(key) => ({ 'data-testid': 'key-row', 'data-entity': key.entity_uri })}
      caption="Active API keys"
      testId="keys-table"
      empty={empty}
      rowActions={(key) => (key.id === currentKeyId ? <span className="text-xs whitespace-nowrap text-slate-500">your session</span> : <RevokeKeyButton apiKey={key} />)}
    />
  );
}
