// One row per measured operation on one database, printed as a Markdown table. Every bench
// module returns rows of this shape, so a new measurement (lint, decay, synthesis…) only adds rows.

export interface BenchRow {
  database: string;
  method: string;
  /** Facts the operation processed (written, linted, swept…). */
  facts: number;
  seconds: number;
  /** Peak resident memory of this process during the operation (MB). */
  peakRssMb: number;
  /** Shown instead of the figures when the row could not be measured. */
  skipped?: string;
  /** A footnote for this row (e.g. "baseline on a smaller sample"). */
  note?: string;
  /** The target: at most this many seconds, or (above 100) at least this many facts/s. */
  target?: number;
}

/** "≤ 1.5 s ✓", "≥ 3,000/s ✗" or "" for a row without a target. */
function targetCell(row: BenchRow): string {
  if (row.target === undefined || row.skipped) return '';
  const rate = row.facts / Math.max(row.seconds, 1e-9);
  if (row.target > 100) return `≥ ${int(row.target)}/s ${rate >= row.target ? 'met' : 'MISSED'}`;
  return `≤ ${row.target} s ${row.seconds <= row.target ? 'met' : 'MISSED'}`;
}

const int = (n: number) => Math.round(n).toLocaleString('en-US');

export function formatBenchTable(rows: BenchRow[]): string {
  const notes: string[] = [];
  const noteMark = (note?: string) => {
    if (!note) return '';
    let index = notes.indexOf(note);
    if (index < 0) index = notes.push(note) - 1;
    return ` [${index + 1}]`;
  };
  const header = ['database', 'method', 'facts', 'seconds', 'facts/s', 'peak RSS MB', 'target'];
  const body = rows.map((row) =>
    row.skipped
      ? [row.database, `${row.method}${noteMark(row.note)}`, '—', '—', '—', `skipped: ${row.skipped}`, '']
      : [row.database, `${row.method}${noteMark(row.note)}`, int(row.facts), row.seconds.toFixed(2), int(row.facts / Math.max(row.seconds, 1e-9)), int(row.peakRssMb), targetCell(row)],
  );
  const widths = header.map((h, i) => Math.max(h.length, ...body.map((r) => r[i].length)));
  const right = [false, false, true, true, true, true, false];
  const line = (cells: string[]) => `| ${cells.map((c, i) => (right[i] ? c.padStart(widths[i]) : c.padEnd(widths[i]))).join(' | ')} |`;
  const rule = `|${widths.map((w, i) => (right[i] ? `${'-'.repeat(w + 1)}:` : '-'.repeat(w + 2))).join('|')}|`;
  return [line(header), rule, ...body.map(line), ...(notes.length ? ['', ...notes.map((n, i) => `[${i + 1}] ${n}`)] : [])].join('\n');
}
