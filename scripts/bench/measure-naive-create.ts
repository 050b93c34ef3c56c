import { getDb } from '../../lib/db/prisma';
import { refTarget } from '../../lib/facts/fact-value';
import { valueHash } from '../../lib/facts/hash-value';
import { generateKnowledgeBase } from '../../lib/seed/generate-knowledge-base';
import type { BenchOperation } from './bench-operation';
import { withPeakRss } from './peak-rss';

// The naive baseline for ingest: one Prisma `db.fact.create` per fact, awaited one after another,
// no transaction, no value heads, no conflict detection — what a first implementation would do.
// Run on a smaller sample (it is slow); facts/s is comparable, totals are not.

export const naiveCreate: BenchOperation = {
  name: 'naive create',
  async run(context) {
    const fresh = await context.database.fresh();
    try {
      const db = await getDb();
      let written = 0;
      const started = performance.now();
      const { peakRssMb } = await withPeakRss(async () => {
        for (const { input } of generateKnowledgeBase({ facts: context.baselineFacts, seed: context.seed, now: new Date() })) {
          await db.fact.create({
            data: {
              id: input.id,
              entity: input.entity,
              relation: input.relation,
              scope: input.scope,
              value: input.value,
              valueType: input.value.type,
              valueHash: valueHash(input.value),
              refTarget: refTarget(input.value),
              source: input.source,
              timestamp: input.timestamp,
              hlcWall: BigInt(input.hlc.wall),
              hlcCounter: input.hlc.counter,
              validUntil: input.validUntil,
              confidence: input.confidence,
            },
          });
          written += 1;
        }
      });
      return [{
        database: fresh.label,
        method: 'naive: db.fact.create per fact',
        facts: written,
        seconds: (performance.now() - started) / 1000,
        peakRssMb,
        note: `baseline measured on a smaller sample (${context.baselineFacts.toLocaleString('en-US')} facts), in the same run; facts only — no value heads, no conflict detection`,
      }];
    } finally {
      await fresh.dispose();
    }
  },
};
