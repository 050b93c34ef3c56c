// At most `limit` pieces of work at once; the others wait their turn, first come first served. A
// finishing piece hands its slot straight to the next one waiting, so the limit holds exactly.

export interface Slots {
  run<T>(work: () => Promise<T>): Promise<T>;
  /** Running now, and waiting (for metrics and tests). */
  readonly running: number;
  readonly waiting: number;
}

export function createSlots(limit: number): Slots {
  let running = 0;
  const queue: (() => void)[] = [];
  return {
    async run<T>(work: () => Promise<T>): Promise<T> {
      if (running < limit) running++;
      else await new Promise<void>((take) => queue.push(take));
      try {
        return await work();
      } finally {
        const next = queue.shift();
        if (next) next();
        else running--;
      }
    },
    get running() {
      return running;
    },
    get waiting() {
      return queue.length;
    },
  };
}
