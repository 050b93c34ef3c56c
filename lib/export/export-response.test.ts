import { describe, expect, it } from 'vitest';
import { arrayBatches, exportFilename, exportResponse } from './export-response';

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
    const response = await exportResponse({ format: 'csv', filename: 'x.csv', columns, batches: arrayBatches(rows, 2) });
    expect(response.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(response.headers.get('content-disposition')).toBe('attachment; filename="x.csv"');
    // Sent as it is: Next would gzip it at level 6 (lib/http/stream-response.ts).
    expect(response.headers.get('cache-control')).toBe('no-store, no-transform');
    expect(await response.text()).toBe('name,n\r\n"a,b",1\r\nc,2\r\n"\'=d",3\r\n');
  });

  it('streams JSON that parses to the rows, also when there are none', async () => {
    const json = await exportResponse({ format: 'json', filename: 'x.json', columns, batches: arrayBatches(rows, 2) });
    expect(JSON.parse(await json.text())).toEqual([
      { name: 'a,b', n: 1 },
      { name: 'c', n: 2 },
      { name: '=d', n: 3 },
    ]);
    const empty = await exportResponse({ format: 'json', filename: 'x.json', columns, batches: arrayBatches([]) });
    expect(JSON.parse(await empty.text())).toEqual([]);
  });

  it('reads a batch only when the client has taken the one before', async () => {
    const read: number[] = [];
    async function* batches() {
      for (let i = 0; i < 100; i++) {
        read.push(i);
        yield [{ name: `row ${i}`, n: i }];
      }
    }
    const response = await exportResponse({ format: 'csv', filename: 'x.csv', columns, batches: batches() });
    // Before the response: the first batch (so a failing query is answered with its status).
    expect(read).toEqual([0]);
    const reader = response.body!.getReader();
    const decoder = new TextDecoder();
    expect(decoder.decode((await reader.read()).value)).toBe('name,n\r\nrow 0,0\r\n');
    // The stream keeps one chunk ready ahead of the client, never the rest of the table.
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(read.length).toBeLessThanOrEqual(3);
    await reader.cancel();
  });

  it('stops the source when the client goes away', async () => {
    let finished = false;
    async function* batches() {
      try {
        for (let i = 0; ; i++) yield [{ name: 'x', n: i }];
      } finally {
        finished = true;
      }
    }
    const response = await exportResponse({ format: 'json', filename: 'x.json', columns, batches: batches() });
    const reader = response.body!.getReader();
    await reader.read();
    await reader.cancel();
    expect(finished).toBe(true);
  });

  it('fails before answering when the first batch fails', async () => {
    const failing: AsyncIterable<{ name: string; n: number }[]> = {
      [Symbol.asyncIterator]: () => ({ next: () => Promise.reject(new Error('the query failed')) }),
    };
    await expect(exportResponse({ format: 'csv', filename: 'x.csv', columns, batches: failing })).rejects.toThrow('the query failed');
  });

  it('names the file after the table and the day', () => {
    expect(exportFilename('findings local', 'csv', new Date('2026-11-23T10:00:00Z'))).toBe('stigmem-findings-local-2026-11-23.csv');
  });
});
