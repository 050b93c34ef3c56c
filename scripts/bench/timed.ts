/**
 * Runs `work` once, then `runs` more times: the first run's seconds (what a user meets first, a
 * cold cache or right after a write) and the p50 of the rest.
 */
export async function timed(runs: number, work: () => Promise<unknown>): Promise<{ first: number; p50: number }> {
  const times: number[] = [];
  for (let i = 0; i <= runs; i++) {
    const started = performance.now();
    const result = await work();
    // A run may count only part of what it did (a read after the write it needed): it answers { seconds }.
    const part = result && typeof result === 'object' && 'seconds' in result && typeof result.seconds === 'number' ? result.seconds : null;
    times.push(part ?? (performance.now() - started) / 1000);
  }
  const rest = times.slice(1).sort((a, b) => a - b);
  const middle = Math.floor(rest.length / 2);
  // Of an even number of runs, the mean of the middle two (a "p50 of 2" was the slower run).
  const p50 = rest.length % 2 ? rest[middle] : (rest[middle - 1] + rest[middle]) / 2;
  return { first: times[0], p50 };
}
