import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { CursorMerge, type MergeSource } from './cursor-merge';

type Row = { block: number; label: string };

/** A source over `rows`, answering each fetch with the next `size` of them (after `gate`, if given). */
function source(rows: Row[], size: number, options: { floor?: number; gate?: Promise<void>; log?: string[]; name?: string } = {}): MergeSource<Row> {
  let at = 0;
  return {
    floor: options.floor,
    fetch: async () => {
      options.log?.push(options.name ?? '?');
      await options.gate;
      const page = rows.slice(at, at + size);
      at += size;
      return page;
    },
  };
}

async function drain(merge: CursorMerge<Row>): Promise<Row[][]> {
  const batches: Row[][] = [];
  while (!merge.done) {
    const batch = await merge.next();
    if (batch.length) batches.push(batch);
  }
  return batches;
}

const rows = (blocks: number[], prefix: string): Row[] => blocks.map((block, i) => ({ block, label: `${prefix}${i}` }));

describe('CursorMerge', () => {
  it('merges sources sorted by block, whose blocks interleave, into block order; full batches but the last', async () => {
    fc.assert(
      fc.asyncProperty(
        // Rows per block (blocks 0..11), which source holds each block, the batch size.
        fc.array(fc.nat(5), { minLength: 12, maxLength: 12 }),
        fc.array(fc.nat(2), { minLength: 12, maxLength: 12 }),
        fc.integer({ min: 1, max: 7 }),
        async (perBlock, owner, batchSize) => {
          const bySource: Row[][] = [[], [], []];
          perBlock.forEach((n, block) => {
            for (let i = 0; i < n; i++) bySource[owner[block]].push({ block, label: `${owner[block]}:${block}:${i}` });
          });
          const merge = new CursorMerge(bySource.map((r) => source(r, batchSize)), batchSize, (row) => row.block);
          const batches = await drain(merge);
          const expected = bySource.flat().sort((a, b) => a.block - b.block || (a.label < b.label ? -1 : 1));
          expect(batches.flat()).toEqual(expected);
          expect(batches.slice(0, -1).every((batch) => batch.length === batchSize)).toBe(true);
          expect(await merge.next()).toEqual([]);
        },
      ),
    );
  });

  it('asks every source for its rows at once, so their queries run side by side', async () => {
    const log: string[] = [];
    let open!: () => void;
    const gate = new Promise<void>((resolve) => (open = resolve));
    const merge = new CursorMerge(
      [source(rows([0, 0], 'a'), 10, { log, name: 'a', gate }), source(rows([1], 'b'), 10, { log, name: 'b', gate }), source(rows([2], 'c'), 10, { log, name: 'c', gate })],
      10,
      (row) => row.block,
    );
    const first = merge.next();
    await Promise.resolve();
    expect(log).toEqual(['a', 'b', 'c']);
    open();
    expect((await first).map((r) => r.label)).toEqual(['a0', 'a1', 'b0', 'c0']);
  });

  it('hands out the first block while a source known to start later is still running', async () => {
    let open!: () => void;
    const late = new Promise<void>((resolve) => (open = resolve));
    const merge = new CursorMerge([source(rows([0, 0, 0, 0], 'a'), 2), source(rows([5, 6], 'b'), 2, { floor: 5, gate: late })], 2, (row) => row.block);
    expect((await merge.next()).map((r) => r.label)).toEqual(['a0', 'a1']);
    expect((await merge.next()).map((r) => r.label)).toEqual(['a2', 'a3']);
    // The first source is exhausted: its next fetch answers nothing; now the late one is needed.
    let answered = false;
    const third = merge.next().then((batch) => ((answered = true), batch));
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(answered).toBe(false);
    open();
    expect((await third).map((r) => r.label)).toEqual(['b0', 'b1']);
  });

  it('waits for a source that may hold an earlier block (floor unknown)', async () => {
    let open!: () => void;
    const gate = new Promise<void>((resolve) => (open = resolve));
    const merge = new CursorMerge([source(rows([3, 3], 'a'), 5), source(rows([1], 'b'), 5, { gate })], 5, (row) => row.block);
    let answered = false;
    const first = merge.next().then((batch) => ((answered = true), batch));
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(answered).toBe(false);
    open();
    expect((await first).map((r) => r.label)).toEqual(['b0', 'a0', 'a1']);
  });

  it('passes a failed fetch on to the caller that needs it, and settles without it', async () => {
    const failing: MergeSource<Row> = { fetch: () => Promise.reject(new Error('cursor gone')) };
    const merge = new CursorMerge([source(rows([0], 'a'), 5), failing], 5, (row) => row.block);
    await expect(merge.next()).rejects.toThrow('cursor gone');
    await expect(merge.settle()).resolves.toBeUndefined();
  });
});
