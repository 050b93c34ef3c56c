import { afterEach, vi } from 'vitest';

// The node reads its clock through Date (expiry, cooldowns, detection times, HLC wall time), and
// the HTTP tests run the handlers in this process: moving Date forward moves the node's time,
// without waiting for it. Only Date is faked; timers and the database's own clock run as usual.

let faked = false;

/** Moves the node's clock `ms` forward (from now on, for the rest of the test). */
export function advanceClock(ms: number): void {
  const target = Date.now() + ms;
  if (!faked) {
    vi.useFakeTimers({ toFake: ['Date'], shouldAdvanceTime: true });
    faked = true;
  }
  vi.setSystemTime(target);
}

/**
 * Runs `read` with the node's clock standing still, so that two reads compared with each other see
 * the same instant (a value expiring between them would otherwise differ). The clock then goes on
 * from where it would have been, moved forward or not as before.
 */
export async function withClockHeld<T>(read: () => Promise<T>): Promise<T> {
  const held = Date.now();
  const started = performance.now();
  vi.useFakeTimers({ toFake: ['Date'], shouldAdvanceTime: false });
  vi.setSystemTime(held);
  try {
    return await read();
  } finally {
    const resumed = held + (performance.now() - started);
    if (faked) {
      vi.useFakeTimers({ toFake: ['Date'], shouldAdvanceTime: true });
      vi.setSystemTime(resumed);
    } else {
      vi.useRealTimers();
    }
  }
}

afterEach(() => {
  if (!faked) return;
  vi.useRealTimers();
  faked = false;
});
