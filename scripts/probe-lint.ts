import { readOnly } from '../lib/db/read-only';
import { closeDb } from '../lib/db/prisma';
import { findingsJsonSql } from '../lib/lint/run-lint';
import { lintRequestSchema, type LintCheck } from '../lib/lint/lint-request';
import type { FindingJsonRow } from '../lib/lint/run-lint';

async function main() {
  const checks = (process.argv[2] ?? 'contradiction').split(',') as LintCheck[];
  for (let run = 0; run < 4; run++) {
    const request = lintRequestSchema.parse({ scope: 'company', checks });
    const t = performance.now();
    const n = await readOnly(async (tx) => (await tx.$queryRaw<FindingJsonRow[]>(findingsJsonSql(request, new Date(), request.checks))).length);
    console.log(run, checks.join(','), n, ((performance.now() - t) / 1000).toFixed(2));
  }
  await closeDb();
}
main();
