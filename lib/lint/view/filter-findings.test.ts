import { describe, expect, it } from 'vitest';
import type { LintFinding } from '../lint-request';
import { filterFindings, findingNamespace, namespacesOf } from './filter-findings';
import { parseFindingsView } from './findings-query';

const finding = (over: Partial<LintFinding>): LintFinding => ({
  check: 'stale',
  severity: 'warning',
  entity: 'e:1',
  relation: 'memory:role',
  fact_ids: ['f1'],
  detail: '',
  ...over,
});

const all: LintFinding[] = [
  finding({ check: 'orphan', severity: 'info', entity: 'e:orphan', relation: null, fact_ids: ['o1'] }),
  finding({ check: 'stale', severity: 'warning', entity: 'e:b', relation: 'memory:role', fact_ids: ['s1'] }),
  finding({ check: 'contradiction', severity: 'error', entity: 'e:c', relation: 'owner', fact_ids: ['c1', 'c2'], conflict_id: 'stigmem:conflict:1' }),
  finding({ check: 'broken_ref', severity: 'error', entity: 'e:a', relation: 'intent:handoff_to', fact_ids: ['r1'], ref_target: 'gone' }),
  finding({ check: 'broken_ref', severity: 'warning', entity: 'e:a', relation: 'memory:link', fact_ids: ['r2'], ref_target: 'gone' }),
];

const view = (params: Record<string, string> = {}) => parseFindingsView(params);
const ids = (result: { findings: LintFinding[] }) => result.findings.map((f) => f.fact_ids[0]);

describe('findingNamespace', () => {
  it('is the part before the first colon, "" without a relation', () => {
    expect(findingNamespace('memory:role')).toBe('memory');
    expect(findingNamespace('a:b:c')).toBe('a');
    expect(findingNamespace('owner')).toBe('owner');
    expect(findingNamespace(null)).toBe('');
  });
});

describe('filterFindings', () => {
  it('orders like the API by default: severity, check, entity, relation', () => {
    expect(ids(filterFindings(all, view()))).toEqual(['c1', 'r1', 's1', 'r2', 'o1']);
  });

  it('filters by check, severity, namespace and entity search', () => {
    expect(ids(filterFindings(all, view({ check: 'broken_ref' })))).toEqual(['r1', 'r2']);
    expect(ids(filterFindings(all, view({ severity: 'error' })))).toEqual(['c1', 'r1']);
    expect(ids(filterFindings(all, view({ namespace: 'memory' })))).toEqual(['s1', 'r2']);
    expect(ids(filterFindings(all, view({ namespace: 'owner' })))).toEqual(['c1']);
    expect(ids(filterFindings(all, view({ q: 'E:O' })))).toEqual(['o1']);
    expect(filterFindings(all, view({ check: 'orphan', severity: 'error' })).total).toBe(0);
  });

  it('sorts by a column in either direction with the default order as tie-break', () => {
    expect(ids(filterFindings(all, view({ sort: 'entity' })))).toEqual(['r1', 'r2', 's1', 'c1', 'o1']);
    expect(ids(filterFindings(all, view({ sort: 'entity', dir: 'desc' })))).toEqual(['o1', 'c1', 's1', 'r1', 'r2']);
    expect(ids(filterFindings(all, view({ sort: 'severity', dir: 'desc' })))).toEqual(['o1', 's1', 'r2', 'c1', 'r1']);
  });

  it('puts findings without a relation last ascending and first descending, as PostgreSQL does', () => {
    expect(ids(filterFindings(all, view({ sort: 'relation' }))).at(-1)).toBe('o1');
    expect(ids(filterFindings(all, view({ sort: 'relation', dir: 'desc' })))[0]).toBe('o1');
  });

  it('pages with the total of the filtered list', () => {
    const many = Array.from({ length: 120 }, (_, i) => finding({ entity: `e:${String(i).padStart(3, '0')}`, fact_ids: [`f${i}`] }));
    const page3 = filterFindings(many, view({ page: '3' }), 50);
    expect(page3).toMatchObject({ total: 120, offset: 100 });
    expect(page3.findings).toHaveLength(20);
    expect(page3.findings[0].entity).toBe('e:100');
    expect(filterFindings(many, view({ page: '9' }), 50).findings).toEqual([]);
  });

  it('does not reorder the caller\'s array', () => {
    const copy = [...all];
    filterFindings(all, view({ sort: 'entity' }));
    expect(all).toEqual(copy);
  });
});

describe('namespacesOf', () => {
  it('lists each relation namespace once, byte-wise, without the entity-level ""', () => {
    expect(namespacesOf(all)).toEqual(['intent', 'memory', 'owner']);
  });
});
