import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { compareFindings } from './compare-findings';
import { findingBlocks, FindingSummaryBuilder } from './finding-summary';
import { LINT_CHECKS, type LintFinding, SEVERITIES } from './lint-request';
import { selectPage } from './select-page';
import { filterFindings, namespacesOf } from './view/filter-findings';
import { FINDING_SORT_KEYS, type FindingsView } from './view/findings-query';

// selectPage reads a finished job's findings a chunk at a time and keeps only what can be on the
// requested page; whatever the chunks, views and page sizes, it must answer what filterFindings
// answers over the whole list.

const findingArb = fc.record({
  check: fc.constantFrom(...LINT_CHECKS),
  severity: fc.constantFrom(...SEVERITIES),
  entity: fc.constantFrom('e:a', 'e:b', 'e:c', 'x:d', 'E:e'),
  relation: fc.constantFrom(null, 'memory:role', 'ops:x', 'bare', 'memory:a'),
  fact_ids: fc.tuple(fc.stringMatching(/^f[0-9]{1,3}$/)),
  detail: fc.string({ maxLength: 3 }),
}) as fc.Arbitrary<LintFinding>;

const viewArb = fc.record({
  check: fc.option(fc.constantFrom(...LINT_CHECKS), { nil: undefined, freq: 2 }),
  severity: fc.option(fc.constantFrom(...SEVERITIES), { nil: undefined, freq: 2 }),
  namespace: fc.option(fc.constantFrom('memory', 'ops', 'bare', 'none'), { nil: undefined, freq: 2 }),
  q: fc.option(fc.constantFrom('e:', 'b', 'd'), { nil: undefined, freq: 2 }),
  sort: fc.constantFrom(...FINDING_SORT_KEYS),
  dir: fc.constantFrom('asc' as const, 'desc' as const),
  page: fc.integer({ min: 1, max: 4 }),
}) as fc.Arbitrary<FindingsView>;

async function* chunked<T>(items: T[], size: number): AsyncGenerator<T[]> {
  for (let i = 0; i < items.length; i += size) yield items.slice(i, i + size);
}

describe('selectPage', () => {
  it('equals filterFindings over the whole list, in the stored order, for any chunking, view and page size', async () => {
    let nonEmpty = 0;
    await fc.assert(
      fc.asyncProperty(fc.array(findingArb, { minLength: 30, maxLength: 400 }), viewArb, fc.integer({ min: 1, max: 20 }), fc.integer({ min: 1, max: 60 }), async (list, view, pageSize, chunk) => {
        const stored = [...list].sort(compareFindings);
        const expected = filterFindings(stored, view, pageSize);
        if (expected.findings.length) nonEmpty++;
        expect(await selectPage(chunked(stored, chunk), view, pageSize)).toEqual(expected);
      }),
      { numRuns: 300 },
    );
    // Most views must find something, or the property compares empty pages.
    expect(nonEmpty).toBeGreaterThan(60);
  });

  it('cuts its top-k back while scanning, and still answers a deep page of another order exactly', async () => {
    const stored = Array.from({ length: 5_000 }, (_, i) => ({ check: 'stale', severity: 'warning', entity: `e:${(i * 7919) % 5_000}`, relation: 'memory:r', fact_ids: [`f${i}`], detail: '' }) as LintFinding).sort(compareFindings);
    const view: FindingsView = { sort: 'entity', dir: 'desc', page: 30 };
    expect(await selectPage(chunked(stored, 1_000), view, 50)).toEqual(filterFindings(stored, view, 50));
  });
});

describe('FindingSummaryBuilder', () => {
  it('counts as the whole list would, and its blocks lay out the stored order', () => {
    fc.assert(
      fc.property(fc.array(findingArb, { maxLength: 200 }), fc.integer({ min: 1, max: 30 }), (list, chunk) => {
        const stored = [...list].sort(compareFindings);
        const builder = new FindingSummaryBuilder();
        for (let i = 0; i < stored.length; i += chunk) builder.add(stored.slice(i, i + chunk));
        const summary = builder.done(1000);
        expect(summary.finding_count).toBe(stored.length);
        expect(summary.namespaces).toEqual(namespacesOf(stored));
        for (const severity of SEVERITIES) expect(summary.counts[severity]).toBe(stored.filter((f) => f.severity === severity).length);
        for (const block of findingBlocks(summary)) {
          const rows = stored.slice(block.start, block.start + block.count);
          expect(rows.every((f) => f.check === block.check && f.severity === block.severity)).toBe(true);
          expect(rows).toHaveLength(block.count);
        }
        expect(findingBlocks(summary).reduce((n, b) => n + b.count, 0)).toBe(stored.length);
      }),
    );
  });
});
