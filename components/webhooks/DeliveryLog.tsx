'use client';

import { useEffect, useState } from 'react';
import { apiFetch, errorDetail } from '@/lib/client/api-client';
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
  return (
    <table className="mt-1 min-w-full text-xs" data-testid="delivery-log">
      <thead className="text-left text-slate-500">
        <tr>
          <th className="py-1 pr-3 font-medium">Event</th>
          <th className="py-1 pr-3 font-medium">Status</th>
          <th className="py-1 pr-3 font-medium">Tries</th>
          <th className="py-1 pr-3 font-medium">Response</th>
          <th className="py-1 pr-3 font-medium">Last try</th>
          <th className="py-1 pr-3 font-medium">Next try</th>
        </tr>
      </thead>
      <tbody>
        {rows.map((d) => (
          <tr key={d.id} className="border-t border-slate-100">
            <td className="py-1 pr-3">{d.event}</td>
            <td className={`py-1 pr-3 font-medium ${d.status === 'delivered' ? 'text-emerald-700' : d.status === 'failed' ? 'text-rose-700' : 'text-amber-700'}`}>{d.status}</td>
            <td className="py-1 pr-3 tabular-nums">{d.attempts}</td>
            <td className="py-1 pr-3 wrap-anywhere">
              {d.response_code ?? d.last_error ?? '—'}
              {d.latency_ms !== null ? ` · ${d.latency_ms} ms` : ''}
            </td>
            <td className="py-1 pr-3">
              <DateTime iso={d.last_attempt_at} />
            </td>
            <td className="py-1 pr-3">
              <DateTime iso={d.next_attempt_at} />
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
