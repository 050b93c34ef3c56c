import { describe, expect, it } from 'vitest';
import { conflictsApiPath, hasNarrowingFilter, parseQueueFilters, queueHref, queuePlace, queueSort, queueSortHref } from './queue-filters';

describe('parseQueueFilters', () => {
  it('defaults to the unresolved queue with no filter', () => {
    expect(parseQueueFilters({})).toEqual({ status: 'unresolved' });
  });

  it('reads every filter, normalizing the entity and the namespace like the API', () => {
    expect(parseQueueFilters({ status: 'all', scope: 'team', namespace: ' project: ', entity: ' Project Atlas ', aged: 'true', has_suggestion: '0', cursor: 'abc' })).toEqual({
      status: 'all',
      scope: 'team',
      namespace: 'project',
      entity: 'project-atlas',
      aged: true,
      hasSuggestion: false,
      cursor: 'abc',
    });
  });

  it('drops unknown values instead of failing', () => {
    expect(parseQueueFilters({ status: 'open', scope: 'galaxy', aged: 'maybe', entity: '   ', namespace: ':' })).toEqual({ status: 'unresolved' });
  });

  it('takes the first of repeated parameters', () => {
    expect(parseQueueFilters({ scope: ['team', 'local'] }).scope).toBe('team');
  });
});

describe('queue links and API paths', () => {
  const filters = parseQueueFilters({ status: 'unresolved', scope: 'local', namespace: 'owner', cursor: 'c1' });

  it('sorts the unresolved view as the review queue and the others by detection', () => {
    expect(queueSort('unresolved')).toBe('queue');
    expect(queueSort('dismissed')).toBe('detection');
  });

  it('restarts paging when a filter changes, keeps it when asked', () => {
    expect(queueHref(filters, { aged: true })).toBe('/conflicts?status=unresolved&scope=local&namespace=owner&aged=true');
    expect(queueHref(filters, { cursor: 'c2' })).toBe('/conflicts?status=unresolved&scope=local&namespace=owner&cursor=c2');
    expect(queueHref(filters, { namespace: undefined })).toBe('/conflicts?status=unresolved&scope=local');
  });

  it('builds the GET /v1/conflicts query for contradicted triples, with sort and limit', () => {
    expect(conflictsApiPath(filters, 25)).toBe('/v1/conflicts?status=unresolved&scope=local&namespace=owner&cursor=c1&group=triple&sort=queue&dir=desc&limit=25');
  });

  it('keeps a column sort in the URL: its own direction first, flipped on the second click, back to the first page', () => {
    expect(queueSortHref(filters, 'triple')).toBe('/conflicts?status=unresolved&scope=local&namespace=owner&sort=triple');
    const byTriple = parseQueueFilters({ status: 'unresolved', sort: 'triple', cursor: 'c1' });
    expect(byTriple).toMatchObject({ sort: 'triple' });
    expect(queueSortHref(byTriple, 'triple')).toBe('/conflicts?status=unresolved&sort=triple&dir=desc');
    expect(queueSortHref(parseQueueFilters({ sort: 'triple', dir: 'desc' }), 'triple')).toBe('/conflicts?status=unresolved&sort=triple');
    // Opened: newest first unless already so.
    expect(queueSortHref(byTriple, 'detection')).toBe('/conflicts?status=unresolved&sort=detection');
    expect(conflictsApiPath(parseQueueFilters({ sort: 'values', dir: 'asc' }))).toBe('/v1/conflicts?status=unresolved&sort=values&dir=asc&group=triple&limit=50');
    expect(parseQueueFilters({ sort: 'size', dir: 'up' })).toEqual({ status: 'unresolved' });
  });

  it('says where a page is: 1–50 of 1,580, page 1 of 32', () => {
    expect(queuePlace(0, 50, 1580)).toEqual({ from: 1, to: 50, page: 1, pages: 32 });
    expect(queuePlace(1550, 30, 1580)).toEqual({ from: 1551, to: 1580, page: 32, pages: 32 });
    expect(queuePlace(0, 0, 0)).toEqual({ from: 0, to: 0, page: 1, pages: 1 });
  });

  it('knows when a view is narrowed', () => {
    expect(hasNarrowingFilter({ status: 'unresolved' })).toBe(false);
    expect(hasNarrowingFilter({ status: 'unresolved', hasSuggestion: false })).toBe(true);
  });
});
