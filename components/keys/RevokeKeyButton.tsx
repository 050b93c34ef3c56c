'use client';

import type { ApiKeyRecord } from '@/lib/keys/api-key-record';
import { useRevokeKeyMutation } from '@/lib/keys/hooks/use-revoke-key-mutation';
import { ConfirmActionButton } from '../ui/ConfirmActionButton';

export function RevokeKeyButton({ apiKey }: { apiKey: ApiKeyRecord }) {
  const revoke = useRevokeKeyMutation();
  return (
    <ConfirmActionButton
      label="Revoke"
      ariaLabel={`Revoke key ${apiKey.key_prefix} of ${apiKey.entity_uri}`}
      title="Revoke this key?"
      confirmLabel="Revoke key"
      pending={revoke.isPending}
      error={revoke.error}
      onConfirm={(close) => revoke.mutate(apiKey.id, { onSuccess: close })}
      onClose={revoke.reset}
    >
      <p>
        Key <span className="font-mono">{apiKey.key_prefix}…</span> of <span className="font-mono wrap-anywhere">{apiKey.entity_uri}</span> stops working on its next request, and its
        dashboard sessions end. This cannot be undone.
      </p>
    </ConfirmActionButton>
  );
}
