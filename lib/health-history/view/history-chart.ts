import type { SeriesPoint } from '../summary';

// Rows for the scope history charts (recharts): one per run, score, findings per check, the review
// queue and the duration. Failed runs keep their place with empty values, so the charts show a gap.

export interface HistoryRow {
  run_id: string;
  at: number;
  label: string;
  failed: boolean;
  score: number | null;
  pending: number | null;
  aged: number | null;
  duration_s: number | null;
  [check: string]: string | number | boolean | null;
}

export function shortTime(iso: string, rangeDays: number): string {
  const d = new Date(iso);
  const day = `${d.toLocaleString('en-GB', { month: 'short', timeZone: 'UTC' })} ${d.getUTCDate()}`;
  return rangeDays <= 7 ? `${day} ${String(d.getUTCHours()).padStart(2, '0')}:${String(d.getUTCMinutes()).padStart(2, '0')}` : day;
}

export function historyRows(series: readonly SeriesPoint[], checks: readonly string[], rangeDays: number): HistoryRow[] {
  return series.map((p) => {
    const failed = p.status !== 'ok';
    const row: HistoryRow = {
      run_id: p.run_id,
      at: Date.parse(p.at),
      label: shortTime(p.at, rangeDays),
      failed,
      score: failed ? null : p.score,
      pending: failed ? null : p.pending_conflicts,
      aged: failed ? null : p.aged_conflicts,
      duration_s: p.duration_ms === null ? null : Math.round(p.duration_ms / 100) / 10,
    };
    for (const check of checks) {
      row[check] = failed ? null : Object.values(p.findings[check] ?? {}).reduce((a, b) => a + b, 0);
    }
    return row;
  });
}

/** Stable colours per check; checks added later (any name) cycle through the rest. */
const PALETTE = ['#e11d48', '#d97706', '#64748b', '#7c3aed', '#0891b2', '#be123c', '#059669', '#db2777', '#4f46e5'];
const KNOWN: Record<string, string> = { contradiction: PALETTE[0], stale: PALETTE[1], orphan: PALETTE[2], broken_ref: PALETTE[3], namespacing: PALETTE[4], injection: PALETTE[5], sensitive: PALETTE[6] };

export function checkColor(check: string, index: number): string {
  return KNOWN[check] ?? PALETTE[(index + 7) % PALETTE.length];
}
