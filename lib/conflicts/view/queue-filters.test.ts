import { describe, expect, it } from 'vitest';
import { conflictsApiPath, hasNarrowingFilter, parseQueueFilters, queueHref, queueSort } from './queue-filters';

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
    expect(conflictsApiPath(filters, 25)).toBe('/v1/conflicts?status=unresolved&scope=local&namespace=owner&cursor=c1&group=triple&sort=queue&limit=25');
  });

  it('knows when a view is narrowed', () => {
    expect(hasNarrowingFilter({ status: 'unresolved' })).toBe(false);
    expect(hasNarrowingFilter({ status: 'unresolved', hasSuggestion: false })).toBe(true);
  });
});
