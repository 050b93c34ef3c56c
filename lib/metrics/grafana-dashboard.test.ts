import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { processMetrics } from './registry';
import { SCRAPED_METRICS } from './scraped-metrics';

// ops/grafana/stigmem-health.json is the Grafana dashboard for GET /metrics (docs/operations.md §
// Dashboard). Every metric its PromQL names must be one the node exposes, with labels it has: a
// renamed metric must not leave a panel silently empty. Metrics without a panel are reported
// (as a test annotation), not failed: not every series needs a chart.

interface Target {
  expr: string;
}
interface Panel {
  id: number;
  type: string;
  title: string;
  datasource?: { type: string; uid: string };
  targets?: Target[];
  panels?: Panel[];
}
interface Dashboard {
  uid: string;
  title: string;
  panels: Panel[];
  templating: { list: { name: string; query?: string | { query: string } }[] };
}

const dashboard = JSON.parse(readFileSync(path.resolve(__dirname, '../../ops/grafana/stigmem-health.json'), 'utf8')) as Dashboard;
const allPanels = (panels: Panel[]): Panel[] => panels.flatMap((p) => [p, ...allPanels(p.panels ?? [])]);

/** Every metric the node exposes, with its labels (a histogram's series add `le`, _bucket, _sum and _count). */
function exposed(): Map<string, { labels: Set<string>; histogram: boolean }> {
  const known = new Map<string, { labels: Set<string>; histogram: boolean }>();
  for (const metric of processMetrics().registry.getMetricsAsArray()) {
    const { name, labelNames = [] } = metric as unknown as { name: string; labelNames?: string[] };
    known.set(name, { labels: new Set(labelNames), histogram: (metric as unknown as { type: string }).type === 'histogram' });
  }
  for (const metric of Object.values(SCRAPED_METRICS)) known.set(metric.name, { labels: new Set(metric.labels), histogram: false });
  return known;
}

/** The metric a series name belongs to: stigmem_x_bucket → stigmem_x when stigmem_x is a histogram. */
function metricOf(series: string, known: ReturnType<typeof exposed>): { name: string; suffix: string } | null {
  if (known.has(series)) return { name: series, suffix: '' };
  const match = /^(.*)_(bucket|sum|count)$/.exec(series);
  return match && known.get(match[1])?.histogram ? { name: match[1], suffix: match[2] } : null;
}

const queries = (): string[] => [
  ...allPanels(dashboard.panels).flatMap((p) => (p.targets ?? []).map((t) => t.expr)),
  ...dashboard.templating.list.flatMap((v) => (typeof v.query === 'object' ? [v.query.query] : [])),
];

describe('the Grafana dashboard (ops/grafana/stigmem-health.json)', () => {
  it('is a dashboard with a uid, unique panel ids and every query panel on the datasource variable', () => {
    expect(dashboard.uid).toBe('stigmem-health');
    const panels = allPanels(dashboard.panels);
    expect(new Set(panels.map((p) => p.id)).size).toBe(panels.length);
    const charts = panels.filter((p) => p.type !== 'row');
    expect(charts.length).toBeGreaterThan(10);
    for (const chart of charts) {
      expect(chart.targets?.length, chart.title).toBeGreaterThan(0);
      expect(chart.datasource, chart.title).toEqual({ type: 'prometheus', uid: '${datasource}' });
    }
  });

  it('queries only metrics the node exposes, with labels they have', async ({ annotate }) => {
    const known = exposed();
    const used = new Set<string>();
    for (const expr of queries()) {
      const names = [...expr.matchAll(/\b(stigmem_[a-z0-9_]+)\b/g)].map((m) => m[1]);
      expect(names.length, expr).toBeGreaterThan(0);
      for (const series of names) {
        const metric = metricOf(series, known);
        expect(metric, `${series} in ${expr} is not a metric of lib/metrics`).not.toBeNull();
        used.add(metric!.name);
        const labels = new Set([...known.get(metric!.name)!.labels, ...(metric!.suffix === 'bucket' ? ['le'] : [])]);
        // Label matchers right after the series: {name="…", other=~"…"}.
        const selector = new RegExp(`\\b${series}\\{([^}]*)\\}`).exec(expr)?.[1] ?? '';
        for (const [, label] of selector.matchAll(/([a-z_]+)\s*(?:=~|!~|!=|=)/g)) expect(labels.has(label), `${series} has no label ${label} (${expr})`).toBe(true);
      }
      // Aggregations group by labels the series have.
      for (const [, group] of expr.matchAll(/\bby \(([^)]*)\)/g)) {
        for (const label of group.split(',').map((l) => l.trim())) {
          const holders = names.map((n) => metricOf(n, known)!).filter((m) => known.get(m.name)!.labels.has(label) || (label === 'le' && m.suffix === 'bucket'));
          expect(holders.length, `no series in ${expr} has the label ${label}`).toBeGreaterThan(0);
        }
      }
    }
    const unused = [...known.keys()].filter((name) => !used.has(name)).sort();
    if (unused.length) await annotate(`metrics without a panel: ${unused.join(', ')}`, 'notice');
    expect(used.size).toBeGreaterThan(0);
  });
});
