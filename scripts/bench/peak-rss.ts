// Peak resident memory of this process while an operation runs, sampled every 20 ms. For
// PostgreSQL this is the client's memory only; PGlite runs inside the process, so it is all of it.

export async function withPeakRss<T>(operation: () => Promise<T>): Promise<{ result: T; peakRssMb: number }> {
  let peak = process.memoryUsage.rss();
  const timer = setInterval(() => {
    peak = Math.max(peak, process.memoryUsage.rss());
  }, 20);
  try {
    const result = await operation();
    peak = Math.max(peak, process.memoryUsage.rss());
    return { result, peakRssMb: peak / 1024 / 1024 };
  } finally {
    clearInterval(timer);
  }
}
