import { describe, expect, it } from 'vitest';
import { formatShare, needsAttention, outcomeSegments, parseSourcesFilters, sourcesHref, winShare } from './sources-view';

const counts = (c: Partial<Record<'total' | 'open' | 'won' | 'lost' | 'dismissed' | 'closed', number>>) => ({
  contradictions: { total: 0, open: 0, won: 0, lost: 0, dismissed: 0, closed: 0, ...c },
});

describe('sources view', () => {
  it('reads its filters from the URL, refusing what it does not know', () => {
    expect(parseSourcesFilters({})).toEqual({ scope: null, sort: 'facts', agentsOnly: false, offset: 0, source: null });
    expect(parseSourcesFilters({ scope: 'team', sort: 'lost', agents: '1', offset: '120', source: ' stigmem://a ' })).toEqual({
      scope: 'team',
      sort: 'lost',
      agentsOnly: true,
      offset: 100,
      source: 'stigmem://a',
    });
    expect(parseSourcesFilters({ scope: 'nowhere', sort: 'score; DROP', offset: '-5', agents: 'yes' })).toMatchObject({ scope: null, sort: 'facts', offset: 0, agentsOnly: false });
    expect(parseSourcesFilters({ offset: '1e9' }).offset).toBe(0);
    expect(parseSourcesFilters({ source: 'x'.repeat(5_000) }).source).toHaveLength(2_048);
  });

  it('writes the URL back, starting over at the first page when a filter changes', () => {
    const filters = parseSourcesFilters({ scope: 'team', sort: 'lost', offset: '50' });
    expect(sourcesHref(filters, { offset: 50 })).toBe('/sources?scope=team&sort=lost&offset=50');
    expect(sourcesHref(filters, { sort: 'facts' })).toBe('/sources?scope=team');
    expect(sourcesHref(filters, { source: 'stigmem://agent/a b' })).toBe('/sources?scope=team&sort=lost&source=stigmem%3A%2F%2Fagent%2Fa+b');
    expect(parseSourcesFilters(Object.fromEntries(new URL(`http://x${sourcesHref(filters, { source: 'stigmem://agent/a b', agentsOnly: true })}`).searchParams))).toMatchObject({
      source: 'stigmem://agent/a b',
      agentsOnly: true,
    });
    expect(sourcesHref(parseSourcesFilters({}))).toBe('/sources');
  });

  it('shapes shares and the outcome bar from the counts', () => {
    expect([0, 0.0004, 0.05, 0.2, 1].map(formatShare)).toEqual(['0 %', '< 0.1 %', '5.0 %', '20 %', '100 %']);
    expect(winShare(counts({ total: 4, won: 1, lost: 3 }))).toBe(0.25);
    expect(winShare(counts({ total: 2, open: 1, dismissed: 1 }))).toBeNull();
    const segments = outcomeSegments(counts({ total: 4, open: 1, won: 2, lost: 1 }));
    expect(segments.map((s) => [s.outcome, s.count, s.percent])).toEqual([['won', 2, 50], ['lost', 1, 25], ['open', 1, 25]]);
    expect(outcomeSegments(counts({}))).toEqual([]);
  });

  it('points at the sources with findings, quarantined facts, or more contradictions lost than won', () => {
    const clean = { findings: { injection: 0, sensitive: 0 }, quarantine: { pending: 0, rejected: 0, admitted: 2 }, ...counts({ total: 2, won: 1, lost: 1 }) };
    expect(needsAttention(clean)).toBe(false);
    expect(needsAttention({ ...clean, findings: { injection: 1, sensitive: 0 } })).toBe(true);
    expect(needsAttention({ ...clean, quarantine: { pending: 0, rejected: 1, admitted: 0 } })).toBe(true);
    expect(needsAttention({ ...clean, ...counts({ total: 3, won: 1, lost: 2 }) })).toBe(true);
  });
});
