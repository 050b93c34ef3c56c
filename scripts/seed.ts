import { parseArgs } from 'node:util';
import { describeDatabase } from '../lib/db/connection';
import { closeDb, getDb } from '../lib/db/prisma';
import { FACT_SCOPES, isFactScope } from '../lib/facts/scope';
import { formatSeedProgress, formatSeedSummary } from '../lib/seed/format-seed-report';
import { runSeed } from '../lib/seed/run-seed';
import { timelineIsFixed } from '../lib/seed/seed-timeline';
import { summarizeKnowledgeBase } from '../lib/seed/summarize-knowledge-base';

// npm run seed -- [--facts 20000] [--seed 42] [--batch 1000] [--scope S] [--force-new-seed]
//   --scope S puts every fact in scope S (the same ids as without it, so seed a fresh database)
//
// Writes a deterministic, realistic knowledge base (lib/seed/) through the write path
// (writeFacts in import mode, one transaction per batch of 1,000) into DATABASE_URL or the
// embedded PGlite (STIGMEM_DATA_DIR, default ./data).
//
// Deterministic: the same --facts and --seed write the same facts — ids, values, sources,
// timestamps and HLCs. Timestamps lie on a fixed 120-day timeline ending shortly before
// 2026-11-20 (the offset derives from --facts and --seed), so every HLC is in the past and live
// writes sort after them. Only the valid_until of "expiring soon" facts is computed from the
// current time (now + 1..7 days), so that the knowledge base always has facts about to expire.
//
// Running it twice is safe: fact ids derive from (seed, id space, index). If the database already
// holds this seed it says so and exits 0; if an earlier run was interrupted, it resumes (skipping
// the batches already written). --force-new-seed writes another knowledge base instead: the next
// free id space, with fresh ids and another tenant's entity URIs (globex.example, initech.example…),
// so it never contradicts the first one.

function positiveInt(name: string, raw: string | undefined, fallback: number): number {
  if (raw === undefined) return fallback;
  const value = Number(raw.replace(/_/g, ''));
  if (!Number.isSafeInteger(value) || value < 1) throw new Error(`--${name} must be a positive integer, got ${raw}`);
  return value;
}

async function main() {
  const { values } = parseArgs({
    options: {
      facts: { type: 'string' },
      seed: { type: 'string' },
      batch: { type: 'string' },
      scope: { type: 'string' },
      'force-new-seed': { type: 'boolean', default: false },
      help: { type: 'boolean', short: 'h', default: false },
    },
  });
  if (values.help) {
    console.log('usage: npm run seed -- [--facts 20000] [--seed 42] [--batch 1000] [--scope local|team|company|public] [--force-new-seed]');
    return;
  }
  const facts = positiveInt('facts', values.facts, 20_000);
  const seed = positiveInt('seed', values.seed, 42);
  const batchSize = Math.min(positiveInt('batch', values.batch, 1000), 1000);
  if (values.scope !== undefined && !isFactScope(values.scope)) throw new Error(`--scope must be one of ${FACT_SCOPES.join(', ')}, got ${values.scope}`);
  const onlyScope = values.scope;

  console.log(`seeding ${facts.toLocaleString('en-US')} facts (seed ${seed}, batches of ${batchSize}) into ${describeDatabase()}`);
  if (!timelineIsFixed(facts, seed)) console.log('note: this machine\'s clock is before the fixed seed timeline; timestamps are shifted into the past and will differ between runs');
  await getDb();
  const interactive = Boolean(process.stdout.isTTY);
  let lastLine = 0;
  const result = await runSeed({
    facts,
    seed,
    batchSize,
    forceNewSeed: values['force-new-seed'],
    onlyScope,
    onProgress: (progress) => {
      const line = formatSeedProgress(progress);
      if (interactive) process.stdout.write(`\r${line}\u001b[K`);
      else if (performance.now() - lastLine > 2000 || progress.written + progress.skipped === progress.total) {
        console.log(line);
        lastLine = performance.now();
      }
    },
  });
  if (interactive && result.status !== 'already-seeded') process.stdout.write('\n');
  console.log(result.detail);
  if (result.status === 'already-seeded') return;
  console.log(formatSeedSummary(result, await summarizeKnowledgeBase(await getDb())));
}

main()
  .catch((error: Error) => {
    console.error(`seed failed: ${error.stack ?? error.message}`);
    process.exitCode = 1;
  })
  .finally(() => closeDb());
