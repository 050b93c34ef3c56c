import { describe, expect, it } from 'vitest';
import { auditApiParams, auditHref, parseAuditFilters } from './audit-filters';

describe('audit page filters', () => {
  it('reads known values and drops the rest', () => {
    expect(parseAuditFilters({ scope: 'team', actor: ' stigmem://a/b ', action: 'key', outcome: 'denied', days: '7', cursor: 'abc' })).toEqual({
      scope: 'team', actor: 'stigmem://a/b', action: 'key', outcome: 'denied', days: 7, cursor: 'abc',
    });
    expect(parseAuditFilters({ scope: 'nope', action: 'DROP TABLE', outcome: 'maybe', days: '3', actor: '' })).toEqual({
      scope: null, actor: null, action: null, outcome: null, days: null, cursor: null,
    });
    expect(parseAuditFilters({ scope: ['company', 'team'] }).scope).toBe('company');
  });

  it('turns the period into the API’s since and keeps the URL round-trippable', () => {
    const filters = parseAuditFilters({ scope: 'team', days: '1', action: 'key.create' });
    expect(auditApiParams(filters, new Date('2026-11-26T12:00:00Z'))).toEqual({ scope: 'team', action: 'key.create', since: '2026-11-25T12:00:00.000Z' });
    const href = auditHref(filters, 'next');
    expect(href).toBe('/audit?scope=team&action=key.create&days=1&cursor=next');
    expect(parseAuditFilters(Object.fromEntries(new URL(href, 'http://x').searchParams))).toEqual({ ...filters, cursor: 'next' });
    expect(auditHref(parseAuditFilters({}))).toBe('/audit');
  });
});
