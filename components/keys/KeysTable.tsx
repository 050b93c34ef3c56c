'use client';

import type { ApiKeyRecord } from '@/lib/auth/api-key-record';
import { Chips } from '../ui/Chips';
import { DateTime } from '../ui/DateTime';
import { cardStyles } from '../ui/styles';
import { RevokeKeyButton } from './RevokeKeyButton';

export function KeysTable({ keys, currentKeyId }: { keys: ApiKeyRecord[]; currentKeyId: string | null }) {
  return (
    <div className={`${cardStyles} overflow-x-auto`}>
      <table className="min-w-full divide-y divide-slate-200 text-sm" data-testid="keys-table">
        <caption className="sr-only">Active API keys</caption>
        <thead className="bg-slate-50 text-left text-xs font-semibold tracking-wide text-slate-600 uppercase">
          <tr>
            <th scope="col" className="px-4 py-3">Prefix</th>
            <th scope="col" className="px-4 py-3">Entity</th>
            <th scope="col" className="px-4 py-3">Permissions</th>
            <th scope="col" className="px-4 py-3">Scopes</th>
            <th scope="col" className="px-4 py-3">Description</th>
            <th scope="col" className="px-4 py-3">Created</th>
            <th scope="col" className="px-4 py-3">Expires</th>
            <th scope="col" className="px-4 py-3"><span className="sr-only">Actions</span></th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100 align-top">
          {keys.map((key) => (
            <tr key={key.id} data-testid="key-row" data-entity={key.entity_uri}>
              <td className="px-4 py-3 font-mono text-xs whitespace-nowrap">{key.key_prefix}…</td>
              <td className="max-w-64 px-4 py-3 font-mono text-xs wrap-anywhere">{key.entity_uri}</td>
              <td className="px-4 py-3"><Chips items={key.permissions} empty="none" /></td>
              <td className="px-4 py-3"><Chips items={key.allowed_scopes} empty="no scopes" /></td>
              <td className="max-w-64 px-4 py-3 text-slate-600 wrap-anywhere">{key.description || <span className="text-slate-500">—</span>}</td>
              <td className="px-4 py-3 text-xs text-slate-600"><DateTime iso={key.created_at} /></td>
              <td className="px-4 py-3 text-xs text-slate-600"><DateTime iso={key.expires_at} fallback="never" /></td>
              <td className="px-4 py-3 text-right">
                {key.id === currentKeyId ? <span className="text-xs whitespace-nowrap text-slate-500">your session</span> : <RevokeKeyButton apiKey={key} />}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
