import { describe, expect, it } from 'vitest';
import { arrayBatches, cursorBatches, exportFilename, exportResponse } from './export-response';

const columns = [
  { header: 'name', value: (r: { name: string; n: number }) => r.name },
  { header: 'n', value: (r: { name: string; n: number }) => r.n },
];
const rows = [
  { name: 'a,b', n: 1 },
  { name: 'c', n: 2 },
  { name: '=d', n: 3 },
];

describe('exportResponse', () => {
  it('streams CSV with a header row, one line per row', async () => {
    const response = exportResponse({ format: 'csv', filename: 'x.csv', columns, batches: arrayBatches(rows, 2) });
    expect(response.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(response.headers.get('content-disposition')).toBe('attachment; filename="x.csv"');
    expect(await response.text()).toBe('name,n\r\n"a,b",1\r\nc,2\r\n\'=d,3\r\n');
  });

  it('streams JSON that parses to the rows, also when there are none', async () => {
    const json = exportResponse({ format: 'json', filename: 'x.json', columns, batches: arrayBatches(rows, 2) });
    expect(JSON.parse(await json.text())).toEqual([
      { name: 'a,b', n: 1 },
      { name: 'c', n: 2 },
      { name: '=d', n: 3 },
    ]);
    const empty = exportResponse({ format: 'json', filename: 'x.json', columns, batches: arrayBatches([]) });
    expect(JSON.parse(await empty.text())).toEqual([]);
  });

  it('follows a cursor to the end', async () => {
    const pages: Record<string, { rows: number[]; cursor: string | null }> = { start: { rows: [1, 2], cursor: 'p2' }, p2: { rows: [3], cursor: null } };
    const seen: number[][] = [];
    for await (const batch of cursorBatches(async (cursor) => pages[cursor ?? 'start']!)) seen.push(batch);
    expect(seen).toEqual([[1, 2], [3]]);
  });

  it('names the file after the table and the day', () => {
    expect(exportFilename('findings local', 'csv', new Date('2026-11-23T10:00:00Z'))).toBe('stigmem-findings-local-2026-11-23.csv');
  });
});
