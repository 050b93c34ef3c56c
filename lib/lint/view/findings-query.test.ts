import { describe, expect, it } from 'vitest';
import { findingsHref, isFiltered, pageCount, parseFindingsView, sortHref, toPageQuery } from './findings-query';

describe('parseFindingsView', () => {
  it('defaults to severity order, first page, no filters', () => {
    const view = parseFindingsView({});
    expect(view).toEqual({ check: undefined, severity: undefined, namespace: undefined, q: undefined, sort: 'severity', dir: 'asc', page: 1 });
    expect(isFiltered(view)).toBe(false);
  });

  it('reads every parameter', () => {
    const view = parseFindingsView({ check: 'stale', severity: 'warning', namespace: 'memory', q: '  Alice ', sort: 'entity', dir: 'desc', page: '3' });
    expect(view).toEqual({ check: 'stale', severity: 'warning', namespace: 'memory', q: 'Alice', sort: 'entity', dir: 'desc', page: 3 });
    expect(isFiltered(view)).toBe(true);
  });

  it('falls back to defaults for values an edited URL may carry', () => {
    const view = parseFindingsView({ check: 'typo', severity: 'fatal', sort: 'detail; DROP', dir: 'sideways', page: '-2', q: '   ' });
    expect(view).toMatchObject({ check: undefined, severity: undefined, sort: 'severity', dir: 'asc', page: 1, q: undefined });
    expect(parseFindingsView({ page: '1.5' }).page).toBe(1);
    expect(parseFindingsView({ namespace: 'x'.repeat(101) }).namespace).toBeUndefined();
  });

  it('reads an empty namespace (the "all namespaces" option of the form) as no filter, and takes the first of repeated params', () => {
    expect(parseFindingsView({ namespace: '', check: '', severity: '', q: '' })).toEqual(parseFindingsView({}));
    expect(parseFindingsView({ check: ['orphan', 'stale'] }).check).toBe('orphan');
    expect(parseFindingsView(new URLSearchParams('check=broken_ref&page=2'))).toMatchObject({ check: 'broken_ref', page: 2 });
  });

  it("reads a large scope's lint job id, and only a job id", () => {
    const job = '0b9e8c1e-7a55-4c5e-9d1f-3f2f6b1c2d4e';
    expect(parseFindingsView({ job }).job).toBe(job);
    expect(parseFindingsView({ job: `${job}' OR 1=1` })).not.toHaveProperty('job');
    expect(parseFindingsView({ job: 'latest' })).not.toHaveProperty('job');
  });
});

describe('toPageQuery', () => {
  it('turns the page number into an offset', () => {
    expect(toPageQuery({ ...parseFindingsView({}), page: 3 }, 50)).toMatchObject({ offset: 100, limit: 50, sort: 'severity', dir: 'asc', stale_lookahead_s: 0 });
  });
});

describe('findingsHref and sortHref', () => {
  const base = parseFindingsView({});

  it('leaves defaults out of the URL', () => {
    expect(findingsHref('local', base)).toBe('/scopes/local');
    expect(findingsHref('local', base, { severity: 'error', page: 2 })).toBe('/scopes/local?severity=error&page=2');
    expect(findingsHref('local', base, { namespace: 'memory' })).toBe('/scopes/local?namespace=memory');
  });

  it("keeps the lint job through filters, sorting and pages", () => {
    const job = '0b9e8c1e-7a55-4c5e-9d1f-3f2f6b1c2d4e';
    expect(findingsHref('team', { ...base, job }, { severity: 'error', page: 2 })).toBe(`/scopes/team?severity=error&page=2&job=${job}`);
    expect(sortHref('team', { ...base, job }, 'entity')).toBe(`/scopes/team?sort=entity&job=${job}`);
  });

  it('encodes the search', () => {
    expect(findingsHref('team', { ...base, q: 'a&b c' })).toBe('/scopes/team?q=a%26b+c');
  });

  it('sorts a new column ascending, flips the current one, and goes back to page 1', () => {
    expect(sortHref('local', { ...base, page: 4 }, 'entity')).toBe('/scopes/local?sort=entity');
    expect(sortHref('local', { ...base, sort: 'entity' }, 'entity')).toBe('/scopes/local?sort=entity&dir=desc');
    expect(sortHref('local', { ...base, sort: 'entity', dir: 'desc' }, 'entity')).toBe('/scopes/local?sort=entity');
    expect(sortHref('local', base, 'severity')).toBe('/scopes/local?dir=desc');
  });
});

describe('pageCount', () => {
  it('has at least one page', () => {
    expect(pageCount(0, 50)).toBe(1);
    expect(pageCount(50, 50)).toBe(1);
    expect(pageCount(51, 50)).toBe(2);
  });
});
