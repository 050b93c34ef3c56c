import { getDb } from '../../lib/db/prisma';
import { writeFacts } from '../../lib/facts/write-facts';
import { seedBatches } from '../../lib/seed/generate-knowledge-base';
import { statisticsRefresher } from '../../lib/seed/refresh-statistics';
import type { BenchContext, BenchOperation } from './bench-operation';
import type { BenchRow } from './bench-table';
import { withPeakRss } from './peak-rss';

// Batch ingest: seed-generator facts in batches of 1,000 through writeFacts (import mode, one
// transaction per batch, conflicts recorded at write time), into a fresh database. Only the time
// inside writeFacts counts (generating a batch takes ~1% of it). Measured twice: the write path
// alone, and with ANALYZE whenever the fact count doubles (what the seed does), which shows how
// much of the cost comes from planner statistics that lag behind a fast-growing table.

const BATCH = 1000;

async function ingest(context: BenchContext, analyze: boolean): Promise<BenchRow> {
  const fresh = await context.database.fresh();
  try {
    const db = await getDb();
    const refresh = statisticsRefresher(db);
    const now = new Date();
    let seconds = 0;
    let written = 0;
    const { peakRssMb } = await withPeakRss(async () => {
      for (const batch of seedBatches({ facts: context.facts, seed: context.seed, now }, BATCH)) {
        const inputs = batch.map((f) => f.input);
        const started = performance.now();
        await writeFacts(inputs, { mode: 'import' });
        if (analyze) await refresh(written + inputs.length);
        seconds += (performance.now() - started) / 1000;
        written += inputs.length;
        if (written % 20_000 === 0) context.log(`    ${written.toLocaleString('en-US')} facts, ${Math.round(written / seconds).toLocaleString('en-US')} facts/s`);
      }
    });
    return {
      database: fresh.label,
      method: analyze ? 'writeFacts, batches of 1,000 + ANALYZE at 2× growth' : 'writeFacts, batches of 1,000',
      facts: written,
      seconds,
      peakRssMb,
    };
  } finally {
    await fresh.dispose();
  }
}

export const batchIngest: BenchOperation = {
  name: 'batch ingest',
  async run(context) {
    return [await ingest(context, false), await ingest(context, true)];
  },
};
