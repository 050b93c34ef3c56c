import { describe, expect, it } from 'vitest';
import { FINDING_COLUMNS, parseFindingRow, toFinding } from './run-lint';

// findingsJsonSql sends each finding as a JSON array in FINDING_COLUMNS' order; parseFindingRow reads
// it back by position, written out by hand, so the two lists must not drift apart.

describe('parseFindingRow', () => {
  it('reads each position as the column FINDING_COLUMNS names there', () => {
    const row = parseFindingRow(JSON.stringify(FINDING_COLUMNS));
    expect(Object.keys(row)).toEqual([...FINDING_COLUMNS]);
    for (const column of FINDING_COLUMNS) expect(row[column]).toBe(column);
  });

  it('turns a stale row sent as JSON into the finding the synchronous path gives', () => {
    const j = JSON.stringify(['stale', 'warning', 'stigmem://acme/a', 'memory:role', ['f1'], null, null, '2026-11-20T10:00:00+00:00',
      { t: 'string', v: 'admin' }, null, 0.8, null, 1]);
    expect(toFinding(parseFindingRow(j), 'team')).toEqual({
      check: 'stale', severity: 'warning', entity: 'stigmem://acme/a', relation: 'memory:role', fact_ids: ['f1'],
      valid_until: '2026-11-20T10:00:00Z',
      detail: 'Value "admin" expired at 2026-11-20T10:00:00Z but is not retracted.',
    });
  });
});
