'use client';

import { useEffect, useState } from 'react';
import { apiFetch, errorDetail } from '@/lib/client/api-client';
import { type Column, DataTable } from '../ui/DataTable';
import { DateTime } from '../ui/DateTime';

interface Delivery {
  id: string;
  event: string;
  status: string;
  attempts: number;
  created_at: string;
  last_attempt_at: string | null;
  next_attempt_at: string | null;
  response_code: number | null;
  latency_ms: number | null;
  last_error: string | null;
}

const STATUS_TONES: Record<string, string> = { delivered: 'text-emerald-700', failed: 'text-rose-700' };

const columns: Column<Delivery>[] = [
  { key: 'event', header: 'Event', cell: (d) => d.event },
  { key: 'status', header: 'Status', cell: (d) => <span className={`font-medium ${STATUS_TONES[d.status] ?? 'text-amber-700'}`}>{d.status}</span> },
  { key: 'tries', header: 'Tries', className: 'tabular-nums', cell: (d) => d.attempts },
  { key: 'response', header: 'Response', className: 'wrap-anywhere', cell: (d) => `${d.response_code ?? d.last_error ?? '—'}${d.latency_ms !== null ? ` · ${d.latency_ms} ms` : ''}` },
  { key: 'last', header: 'Last try', cell: (d) => <DateTime iso={d.last_attempt_at} /> },
  { key: 'next', header: 'Next try', cell: (d) => <DateTime iso={d.next_attempt_at} /> },
];

/** The destination's last deliveries: status, response code, latency, next try. Loaded when shown. */
export function DeliveryLog({ webhookId, version }: { webhookId: string; version: number }) {
  const [rows, setRows] = useState<Delivery[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    apiFetch<{ deliveries: Delivery[] }>(`/v1/webhooks/${encodeURIComponent(webhookId)}/deliveries?limit=20`)
      .then((r) => live && setRows(r.deliveries))
      .catch((e) => live && setError(errorDetail(e)));
    return () => {
      live = false;
    };
  }, [webhookId, version]);
  if (error) return <p role="alert" className="text-xs text-rose-700">{error}</p>;
  if (!rows) return <p className="text-xs text-slate-500">Loading deliveries…</p>;
  if (!rows.length) return <p className="text-xs text-slate-500">Nothing sent yet.</p>;
  return <DataTable columns={columns} rows={rows} rowKey={(d) => d.id} caption="Last deliveries" testId="delivery-log" variant="plain" className="mt-1" tableClassName="text-xs" />;
}
