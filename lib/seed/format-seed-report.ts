import { SEED_FACT_KINDS, type SeedFactKind } from './seed-plan';
import type { SeedProgress, SeedRunResult } from './run-seed';
import type { ScopeSummary } from './summarize-knowledge-base';

// Console output of the seed (and of the demo, which seeds through the same runner).

const n = (value: number) => Math.round(value).toLocaleString('en-US');

function duration(ms: number): string {
  if (!Number.isFinite(ms)) return '—';
  const s = Math.max(0, Math.round(ms / 1000));
  return s >= 60 ? `${Math.floor(s / 60)}m${String(s % 60).padStart(2, '0')}s` : `${s}s`;
}

export function formatSeedProgress(p: SeedProgress): string {
  const done = p.written + p.skipped;
  const pct = ((100 * done) / p.total).toFixed(1);
  const skipped = p.skipped ? ` (${n(p.skipped)} already there)` : '';
  return `  ${n(done)} / ${n(p.total)} facts (${pct}%)${skipped} · ${n(p.factsPerSecond)} facts/s · elapsed ${duration(p.elapsedMs)} · ETA ${duration(p.etaMs)}`;
}

const KIND_LABELS: Record<SeedFactKind, string> = {
  assert: 'new triples',
  reassert: 're-assertions (history)',
  update: 'value changes (new value)',
  contradiction: 'contradicting values (other source)',
  expired: 'expired (valid_until past)',
  expiring_soon: 'expiring in 1–7 days',
  retract_value: 'retractions of one value',
  retract_triple: 'triple-wide retractions',
  orphan: 'facts of orphaned entities',
  broken_ref: 'broken refs',
};

function table(header: string[], rows: (string | number)[][]): string {
  const cells = [header, ...rows.map((r) => r.map((c) => (typeof c === 'number' ? n(c) : c)))];
  const widths = header.map((_, i) => Math.max(...cells.map((r) => r[i].length)));
  const line = (r: string[]) => `| ${r.map((c, i) => (i === 0 ? c.padEnd(widths[i]) : c.padStart(widths[i]))).join(' | ')} |`;
  return [line(cells[0]), `|${widths.map((w, i) => (i === 0 ? `-${'-'.repeat(w)}-` : `-${'-'.repeat(w)}:`)).join('|')}|`, ...cells.slice(1).map(line)].join('\n');
}

export function formatSeedSummary(result: SeedRunResult, scopes: ScopeSummary[]): string {
  const written = result.written;
  const kinds = SEED_FACT_KINDS.map((kind) => [KIND_LABELS[kind], result.byKind[kind] ?? 0, `${(((result.byKind[kind] ?? 0) * 100) / Math.max(written, 1)).toFixed(1)}%`]);
  const columns = (s: ScopeSummary) => [s.facts, s.systemFacts, s.liveValues, s.expiredValues, s.expiringIn7Days, s.retractedValues, s.unresolvedConflicts, s.closedConflicts, s.orphanEntities, s.brokenRefs];
  const totals = scopes.map(columns).reduce((sum, row) => sum.map((v, i) => v + row[i]));
  const scopeRows = [...scopes.map((s) => [s.scope, ...columns(s)]), ['total', ...totals]];
  return [
    '',
    `wrote ${n(written)} facts${result.skipped ? ` (${n(result.skipped)} were already there)` : ''} in ${result.seconds.toFixed(1)} s — ${n(result.factsPerSecond)} facts/s`,
    `conflicts recorded at write time: ${n(result.conflictsOpened)} opened, ${n(result.conflictsClosed)} closed by retraction`,
    `seeded facts by scope: ${Object.entries(result.byScope).map(([scope, count]) => `${scope} ${n(count)}`).join(' · ')}`,
    '',
    table(['seeded facts', 'facts', 'share'], kinds),
    '',
    'database now (all rows, including earlier writes and conflict bookkeeping facts):',
    table(['scope', 'facts', 'system facts', 'live values', 'expired', 'expiring ≤7d', 'retracted', 'unresolved conflicts', 'closed conflicts', 'orphan entities', 'broken refs'], scopeRows),
  ].join('\n');
}
