// Shapes a scope's findings-by-namespace (lint-summary's by_namespace) into the rows the Health
// card's stacked bar chart draws. Counts, so a severity missing from a namespace is a zero, never a
// gap. The namespaces holding the most findings come first; past `maxBars` the tail is folded into
// one "other" bar so a scope with hundreds of namespaces still draws a readable chart.

export interface NamespaceCounts {
  namespace: string;
  error?: number;
  warning?: number;
  info?: number;
}

export interface NamespaceBar {
  /** The relation namespace; "" for entity-level findings (orphans); null for the folded tail. */
  namespace: string | null;
  label: string;
  error: number;
  warning: number;
  info: number;
  total: number;
}

/** Orphan findings are about whole entities: they have no relation, hence no namespace. */
export const ENTITY_LEVEL_LABEL = 'orphan entities';

const count = (n: number | undefined) => (Number.isFinite(n) && n! > 0 ? Math.round(n!) : 0);

export function namespaceLabel(namespace: string): string {
  return namespace === '' ? ENTITY_LEVEL_LABEL : namespace;
}

export function prepareNamespaceChart(rows: readonly NamespaceCounts[], maxBars = 6): NamespaceBar[] {
  const merged = new Map<string, NamespaceBar>();
  for (const row of rows) {
    const bar = merged.get(row.namespace) ?? { namespace: row.namespace, label: namespaceLabel(row.namespace), error: 0, warning: 0, info: 0, total: 0 };
    bar.error += count(row.error);
    bar.warning += count(row.warning);
    bar.info += count(row.info);
    bar.total = bar.error + bar.warning + bar.info;
    merged.set(row.namespace, bar);
  }
  const bars = [...merged.values()]
    .filter((bar) => bar.total > 0)
    // Most findings first; among equals the one with more errors, then by name for a stable order.
    .sort((a, b) => b.total - a.total || b.error - a.error || b.warning - a.warning || (a.namespace! < b.namespace! ? -1 : a.namespace! > b.namespace! ? 1 : 0));
  if (bars.length <= maxBars) return bars;
  const kept = bars.slice(0, Math.max(1, maxBars - 1));
  const rest = bars.slice(kept.length);
  const other: NamespaceBar = { namespace: null, label: `${rest.length} other namespaces`, error: 0, warning: 0, info: 0, total: 0 };
  for (const bar of rest) {
    other.error += bar.error;
    other.warning += bar.warning;
    other.info += bar.info;
    other.total += bar.total;
  }
  return [...kept, other];
}
