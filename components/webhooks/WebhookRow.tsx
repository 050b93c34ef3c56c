'use client';

import { useState } from 'react';
import { errorDetail } from '@/lib/client/api-client';
import { useDeleteWebhookMutation, useSendTestMutation } from '@/lib/webhooks/hooks/use-webhook-mutations';
import { ConfirmActionButton } from '../ui/ConfirmActionButton';
import { buttonStyles } from '../ui/styles';
import { DeliveryLog } from './DeliveryLog';

export interface WebhookView {
  id: string;
  url: string;
  scopes: string[];
  health: 'ok' | 'failing' | 'unused';
  pending_deliveries: number;
  failed_last_24h: number;
  last_error: string | null;
}

const HEALTH: Record<WebhookView['health'], string> = {
  ok: 'bg-emerald-50 text-emerald-800 ring-emerald-600/30',
  failing: 'bg-rose-50 text-rose-800 ring-rose-600/30',
  unused: 'bg-slate-100 text-slate-700 ring-slate-500/30',
};

/** One destination: its health (failing ones say so), send test, delete, and the delivery log. */
export function WebhookRow({ hook }: { hook: WebhookView }) {
  const [version, setVersion] = useState(0);
  const sendTest = useSendTestMutation();
  const remove = useDeleteWebhookMutation();
  // The test goes out in the background; look at the log again shortly after.
  const test = () => sendTest.mutate(hook.id, { onSuccess: () => setTimeout(() => setVersion((v) => v + 1), 1500) });
  const failure = sendTest.error;
  const message = failure ? errorDetail(failure) : sendTest.isSuccess ? 'Test queued.' : null;
  return (
    <li data-testid="webhook-row" className="py-3">
      <div className="flex flex-wrap items-center gap-x-3 gap-y-2">
        <span className="min-w-0 flex-1 font-mono text-sm wrap-anywhere text-slate-900">{hook.url}</span>
        <span data-testid="webhook-health" className={`rounded-full px-2 py-0.5 text-xs font-medium ring-1 ring-inset ${HEALTH[hook.health]}`}>
          {hook.health}
        </span>
        <span className="text-xs text-slate-500">{hook.scopes.length ? hook.scopes.join(', ') : 'all scopes'}</span>
        <button type="button" className={buttonStyles.secondary} disabled={sendTest.isPending} onClick={test}>
          Send test
        </button>
        <ConfirmActionButton
          label="Delete"
          ariaLabel={`Delete the webhook to ${hook.url}`}
          title="Delete this webhook?"
          confirmLabel="Delete webhook"
          pending={remove.isPending}
          error={remove.error}
          onConfirm={(close) => remove.mutate(hook.id, { onSuccess: close })}
          onClose={remove.reset}
        >
          <p>
            Alerts stop going to <span className="font-mono wrap-anywhere">{hook.url}</span>. Its queued deliveries and its delivery log are deleted with it. This
            cannot be undone.
          </p>
        </ConfirmActionButton>
      </div>
      {hook.health === 'failing' ? (
        <p className="mt-1 text-xs text-rose-700 wrap-anywhere">
          Failing: {hook.last_error ?? 'recent deliveries gave up'} · {hook.pending_deliveries} waiting to retry · {hook.failed_last_24h} given up in 24 h
        </p>
      ) : null}
      {message ? (
        <p role="status" className="mt-1 text-xs text-slate-600">
          {message}
        </p>
      ) : null}
      <details className="mt-2">
        <summary className="cursor-pointer text-xs text-slate-600 select-none">Delivery log</summary>
        <DeliveryLog webhookId={hook.id} version={version} />
      </details>
    </li>
  );
}
