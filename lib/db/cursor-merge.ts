// Merges the rows of several sorted sources (cursors of queries read side by side) into one order,
// batch by batch. Each row belongs to a block, a number; every source yields its rows in block order,
// and no two sources yield rows of the same block, so the merge compares blocks only (within a
// block the order is the one source's own). Pure of any database: a source is a function that
// fetches its next rows.
//
// Every source's next rows are asked for as soon as its buffer is empty, so the queries behind them
// run at the same time. A source known to start at a later block (its floor) is not waited for
// while another source's rows come before that block: the first block's rows go out while the
// queries of later blocks are still running.

export interface MergeSource<Row> {
  /** The next rows, in block order; fewer than the batch size means there are no more. */
  fetch: () => Promise<Row[]>;
  /** The least block this source can yield (0 when not known). */
  floor?: number;
}

interface SourceState<Row> {
  fetch: () => Promise<Row[]>;
  rows: Row[];
  next: number;
  done: boolean;
  /** No row of this source lies in a block below this: the floor, then the block of the last row taken. */
  floor: number;
  inFlight: Promise<void> | null;
}

export class CursorMerge<Row> {
  private readonly sources: SourceState<Row>[];

  constructor(
    sources: MergeSource<Row>[],
    private readonly batchSize: number,
    private readonly block: (row: Row) => number,
  ) {
    this.sources = sources.map((source) => ({ fetch: source.fetch, rows: [], next: 0, done: false, floor: source.floor ?? 0, inFlight: null }));
  }

  /** Whether every row has been handed out. */
  get done(): boolean {
    return this.sources.every((source) => source.done && !this.buffered(source));
  }

  /** The next rows in the merged order: batchSize of them, fewer only at the end ([] when done). */
  async next(): Promise<Row[]> {
    const batch: Row[] = [];
    while (batch.length < this.batchSize) {
      this.sources.forEach((source) => this.keepFetching(source));
      const open = this.sources.filter((source) => !source.done || this.buffered(source));
      if (!open.length) break;
      const least = Math.min(...open.map((source) => this.head(source)));
      // A source with nothing buffered that may hold a row of the least block must answer first.
      const awaited = open.filter((source) => !this.buffered(source) && source.floor <= least);
      if (awaited.length) {
        await Promise.all(awaited.map((source) => source.inFlight));
        continue;
      }
      const first = open.find((source) => this.head(source) === least)!;
      const bound = Math.min(...open.filter((source) => source !== first).map((source) => this.head(source)));
      while (batch.length < this.batchSize && this.buffered(first) && this.block(first.rows[first.next]) <= bound) {
        const row = first.rows[first.next++];
        first.floor = this.block(row);
        batch.push(row);
      }
    }
    return batch;
  }

  /** Waits for every fetch under way (before the cursors' transactions end), ignoring their errors. */
  async settle(): Promise<void> {
    await Promise.all(this.sources.map((source) => source.inFlight?.catch(() => undefined)));
  }

  private buffered(source: SourceState<Row>): boolean {
    return source.next < source.rows.length;
  }

  /** The least block the source's next row can be in. */
  private head(source: SourceState<Row>): number {
    return this.buffered(source) ? this.block(source.rows[source.next]) : source.floor;
  }

  private keepFetching(source: SourceState<Row>): void {
    if (source.inFlight || source.done || this.buffered(source)) return;
    const inFlight = source.fetch().then((rows) => {
      source.rows = rows;
      source.next = 0;
      source.done = rows.length < this.batchSize;
      source.inFlight = null;
    });
    // Awaited by whoever needs this source's rows; a failed fetch stays in place, so that one gets the error.
    inFlight.catch(() => undefined);
    source.inFlight = inFlight;
  }
}
