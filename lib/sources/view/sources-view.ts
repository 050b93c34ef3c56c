import { type FactScope, isFactScope } from '../../facts/scope';
import { SOURCE_SORTS, type SourceSort, type SourceSummary } from '../source-record';

// The dashboard's Sources view (/sources): its filters live in the URL (scope, sort, agents only,
// page, the source opened in detail), and the numbers it shows are shaped here, without a browser.

export const SOURCES_PAGE_SIZE = 50;

export interface SourcesFilters {
  scope: FactScope | null;
  sort: SourceSort;
  agentsOnly: boolean;
  offset: number;
  /** The source shown in detail above the list. */
  source: string | null;
}

const first = (v: string | string[] | undefined) => (Array.isArray(v) ? v[0] : v);

export function parseSourcesFilters(params: Record<string, string | string[] | undefined>): SourcesFilters {
  const scope = first(params.scope);
  const sort = first(params.sort);
  const offset = Number(first(params.offset) ?? 0);
  const source = first(params.source)?.trim();
  return {
    scope: scope && isFactScope(scope) ? scope : null,
    sort: (SOURCE_SORTS as readonly string[]).includes(sort ?? '') ? (sort as SourceSort) : 'facts',
    agentsOnly: first(params.agents) === '1',
    offset: Number.isInteger(offset) && offset > 0 && offset <= 1_000_000 ? offset - (offset % SOURCES_PAGE_SIZE) : 0,
    source: source ? source.slice(0, 2_048) : null,
  };
}

/** The page's URL with `change` applied; changing anything but the page goes back to the first page. */
export function sourcesHref(filters: SourcesFilters, change: Partial<SourcesFilters> = {}): string {
  const f = { ...filters, offset: 0, ...change };
  const params = new URLSearchParams();
  if (f.scope) params.set('scope', f.scope);
  if (f.sort !== 'facts') params.set('sort', f.sort);
  if (f.agentsOnly) params.set('agents', '1');
  if (f.offset) params.set('offset', String(f.offset));
  if (f.source) params.set('source', f.source);
  const query = params.toString();
  return query ? `/sources?${query}` : '/sources';
}

/** How a sort orders its column: the name A→Z, every count worst (largest) first. */
export const sortDirection = (sort: SourceSort): 'asc' | 'desc' => (sort === 'source' ? 'asc' : 'desc');

export function formatShare(share: number): string {
  if (share === 0) return '0 %';
  if (share < 0.001) return '< 0.1 %';
  return `${(share * 100).toFixed(share < 0.1 ? 1 : 0)} %`;
}

/** The decided contradictions a source took part in, as the share it won (null when none was decided by a winner). */
export function winShare(summary: Pick<SourceSummary, 'contradictions'>): number | null {
  const { won, lost } = summary.contradictions;
  return won + lost ? won / (won + lost) : null;
}

export interface OutcomeSegment {
  outcome: 'open' | 'won' | 'lost' | 'dismissed' | 'closed';
  count: number;
  /** Percent of the bar, summing to 100 over the segments shown. */
  percent: number;
}

/** The contradictions of a source as a bar's segments, in a fixed order, leaving out empty ones. */
export function outcomeSegments(summary: Pick<SourceSummary, 'contradictions'>): OutcomeSegment[] {
  const c = summary.contradictions;
  const order = ['won', 'lost', 'dismissed', 'closed', 'open'] as const;
  if (!c.total) return [];
  return order.filter((outcome) => c[outcome] > 0).map((outcome) => ({ outcome, count: c[outcome], percent: (c[outcome] / c.total) * 100 }));
}

/** Whether a source carries evidence a team lead should look at first. */
export function needsAttention(summary: Pick<SourceSummary, 'findings' | 'quarantine' | 'contradictions'>): boolean {
  return summary.findings.injection + summary.findings.sensitive + summary.quarantine.pending + summary.quarantine.rejected > 0 || summary.contradictions.lost > summary.contradictions.won;
}
