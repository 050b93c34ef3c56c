import { describe, expect, it } from 'vitest';
import { formatBytes, formatLagSeconds, lagText, readsText } from './replica-view';

describe('replica panel wording', () => {
  it('says a level replica is caught up, and how far behind one that is not', () => {
    expect(lagText({ lag_bytes: 0, lag_seconds: 0 })).toBe('caught up');
    expect(lagText({ lag_bytes: 49_152, lag_seconds: 0.12 })).toBe('120 ms · 48 kB behind');
    expect(lagText({ lag_bytes: 3 * 1024 * 1024, lag_seconds: 75 })).toBe('1 min 15 s · 3.0 MB behind');
    expect(lagText({ lag_bytes: 200, lag_seconds: null })).toBe('unknown time · 200 B behind');
    expect(lagText({ lag_bytes: null, lag_seconds: null })).toBe('—');
  });

  it('formats sizes and durations at every scale', () => {
    expect([formatBytes(0), formatBytes(1536), formatBytes(20_480), formatBytes(5 * 1024 * 1024)]).toEqual(['0 B', '1.5 kB', '20 kB', '5.0 MB']);
    expect([formatLagSeconds(0.004), formatLagSeconds(2.25), formatLagSeconds(7200)]).toEqual(['4 ms', '2.3 s', '2.0 h']);
  });

  it('counts the reads on each side and names why the primary served', () => {
    const primary = { no_replica_serving: 2, replica_behind: 0, replica_failed: 0, write_path: 1 };
    expect(readsText({ replica: 1234, primary, since: null })).toBe('1,234 on replicas, 3 on the primary (2 no replica serving, 1 part of a write)');
    expect(readsText({ replica: 0, primary: { ...primary, no_replica_serving: 0, write_path: 0 }, since: null })).toBe('0 on replicas, 0 on the primary');
  });
});
