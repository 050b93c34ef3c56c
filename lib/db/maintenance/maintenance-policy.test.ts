import { describe, expect, it } from 'vitest';
import { changesSinceAnalyze, DEFAULT_THRESHOLDS, maintenanceNeed, runDelay, statisticsTooOld, type TableStats } from './maintenance-policy';

const table = (overrides: Partial<TableStats> = {}): TableStats => ({
  table: 'facts',
  estimatedRows: 10_000,
  liveRows: 10_000,
  deadRows: 0,
  modifiedSinceAnalyze: 0,
  insertedSinceVacuum: 0,
  localChanges: 0,
  ...overrides,
});

describe('maintenanceNeed', () => {
  it('asks for nothing on a settled table', () => {
    expect(maintenanceNeed(table())).toEqual({ analyze: false, vacuum: false, reasons: [] });
  });

  it('analyzes after 50 rows + 10 % of the table changed, and not one row before', () => {
    expect(maintenanceNeed(table({ modifiedSinceAnalyze: 1_049 })).analyze).toBe(false);
    const need = maintenanceNeed(table({ modifiedSinceAnalyze: 1_050 }));
    expect(need.analyze).toBe(true);
    expect(need.reasons[0]).toContain('threshold 1050');
  });

  it('treats a never-analyzed table (reltuples = -1) as empty, so 50 changes make it due', () => {
    expect(maintenanceNeed(table({ estimatedRows: -1, modifiedSinceAnalyze: 49 })).analyze).toBe(false);
    expect(maintenanceNeed(table({ estimatedRows: -1, modifiedSinceAnalyze: 50 })).analyze).toBe(true);
  });

  it("counts this process's own writes before the database's counters catch up", () => {
    const stats = table({ modifiedSinceAnalyze: 10, localChanges: 5_000 });
    expect(changesSinceAnalyze(stats)).toBe(5_000);
    expect(maintenanceNeed(stats).analyze).toBe(true);
  });

  it('vacuums on dead rows past 50 + 20 %', () => {
    expect(maintenanceNeed(table({ deadRows: 2_049 })).vacuum).toBe(false);
    expect(maintenanceNeed(table({ deadRows: 2_050 })).vacuum).toBe(true);
  });

  it('vacuums an insert-only table after 1,000 + 20 % inserts (visibility map for index-only scans)', () => {
    expect(maintenanceNeed(table({ insertedSinceVacuum: 2_999 })).vacuum).toBe(false);
    const need = maintenanceNeed(table({ insertedSinceVacuum: 3_000 }));
    expect(need).toMatchObject({ vacuum: true, analyze: false });
    expect(need.reasons[0]).toContain('inserted since the last VACUUM');
  });

  it('takes other thresholds', () => {
    const strict = { ...DEFAULT_THRESHOLDS, analyzeBase: 0, analyzeScale: 0 };
    expect(maintenanceNeed(table({ modifiedSinceAnalyze: 1 }), strict).analyze).toBe(true);
  });
});

describe('statisticsTooOld', () => {
  it('holds a whole-scope read only for statistics of a table that doubled since, or was never analyzed', () => {
    // Never analyzed (reltuples = -1, or unknown to this process): its first 50 changes.
    expect(statisticsTooOld(49, -1)).toBe(false);
    expect(statisticsTooOld(50, -1)).toBe(true);
    // 10,000 rows analyzed: an ANALYZE is due from 1,050 changes, the read waits from 10,050.
    expect(maintenanceNeed(table({ modifiedSinceAnalyze: 1_050 })).analyze).toBe(true);
    expect(statisticsTooOld(1_050, 10_000)).toBe(false);
    expect(statisticsTooOld(10_049, 10_000)).toBe(false);
    expect(statisticsTooOld(10_050, 10_000)).toBe(true);
  });
});

describe('runDelay', () => {
  const now = 1_000_000;
  it('waits three times the last run after it, at least a second, at least the debounce', () => {
    expect(runDelay({ lastFinishedAt: now, lastRunMs: 3_400, tooOld: false, now })).toBe(10_200);
    expect(runDelay({ lastFinishedAt: now, lastRunMs: 10, tooOld: false, now })).toBe(1_000);
    expect(runDelay({ lastFinishedAt: now - 9_000, lastRunMs: 3_400, tooOld: false, now })).toBe(1_200);
    expect(runDelay({ lastFinishedAt: now - 60_000, lastRunMs: 3_400, tooOld: false, now })).toBe(200);
  });

  it('skips the gap when a table doubled since its last ANALYZE: only the debounce is left', () => {
    expect(runDelay({ lastFinishedAt: now, lastRunMs: 3_400, tooOld: true, now })).toBe(200);
    expect(runDelay({ lastFinishedAt: 0, lastRunMs: 0, tooOld: true, now })).toBe(200);
  });
});
