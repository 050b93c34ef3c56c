import { describe, expect, it } from 'vitest';
import { parseQuarantineFilters, quarantineCommandForKey, quarantineHref } from './quarantine-view';

describe('quarantine queue view', () => {
  it('opens on pending entries of every scope, and keeps what the URL asks for', () => {
    expect(parseQuarantineFilters({})).toEqual({ status: 'pending', scope: null, offset: 0 });
    expect(parseQuarantineFilters({ status: 'rejected', scope: 'team', offset: '100' })).toEqual({ status: 'rejected', scope: 'team', offset: 100 });
    expect(parseQuarantineFilters({ status: 'all' }).status).toBe('all');
  });

  it('ignores what it cannot use: an unknown status or scope, a negative, fractional or unaligned offset', () => {
    expect(parseQuarantineFilters({ status: 'DROP', scope: 'nowhere', offset: '-5' })).toEqual({ status: 'pending', scope: null, offset: 0 });
    expect(parseQuarantineFilters({ offset: '2.5' }).offset).toBe(0);
    expect(parseQuarantineFilters({ offset: '70' }).offset).toBe(50);
    expect(parseQuarantineFilters({ offset: '1e12' }).offset).toBe(0);
  });

  it('writes the filters back as the shortest URL; a filter change starts from the first page', () => {
    const f = parseQuarantineFilters({ status: 'all', scope: 'company', offset: '50' });
    expect(quarantineHref(f, { offset: 50 })).toBe('/quarantine?status=all&scope=company&offset=50');
    expect(quarantineHref(f, { scope: null })).toBe('/quarantine?status=all');
    expect(quarantineHref(parseQuarantineFilters({}))).toBe('/quarantine');
  });

  it('maps one key to one act', () => {
    expect(['j', 'ArrowDown', 'k', 'ArrowUp', 'a', 'r', 'x', 'Enter'].map(quarantineCommandForKey)).toEqual(['next', 'next', 'previous', 'previous', 'admit', 'reject', null, null]);
  });
});
