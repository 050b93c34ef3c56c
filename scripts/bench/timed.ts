/**
 * Runs `work` once, then `runs` more times: the first run's seconds (what a user meets first, a
 * cold cache or right after a write) and the p50 of the rest.
 */
export async function timed(runs: number, work: () => Promise<unknown>): Promise<{ first: number; p50: number }> {
  const times: number[] = [];
  for (let i = 0; i <= runs; i++) {
    const started = performance.now();
    await work();
    times.push((performance.now() - started) / 1000);
  }
  const rest = times.slice(1).sort((a, b) => a - b);
  return { first: times[0], p50: rest[Math.floor(rest.length / 2)] };
}
