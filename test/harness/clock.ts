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

afterEach(() => {
  if (!faked) return;
  vi.useRealTimers();
  faked = false;
});
