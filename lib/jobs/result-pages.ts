import { config } from '../config/config';
import { databaseKind } from '../db/connection';
import type pg from 'pg';
import { Prisma } from '../generated/prisma/client';
import { getDb, getPrimaryPool, type Tx } from '../db/prisma';
import { type Claim, heldBy } from './claim-job';
import { LostClaim, type ResultPages } from './job-definition';
import { JOB_PAGE_SIZE } from './jobs';

// A job's paged array, written while the job runs (issue 16: a lint of 10M facts holds 1.1M findings,
// 478 MB of JSON; as one array the app's RSS reached 3.2 GB). Items arrive in batches; every full
// page of JOB_PAGE_SIZE is serialized at once and the items are dropped, so the app holds at most a
// page and a batch, whatever the result's length.
//
// On PostgreSQL each page is written as it fills, on the primary, in one statement of its own (its
// own short transaction, autocommitted):
//
//   WITH held AS (UPDATE jobs SET heartbeat_at = now() WHERE <held by this claim> RETURNING id)
//   INSERT INTO job_result_pages ... SELECT ... FROM held
//
// The UPDATE is the fence: it locks the job's row and matches only while this run holds the claim,
// so a page lands only under the claim (0 rows inserted: LostClaim, the run stops). A takeover is an
// UPDATE of the same row, so it is ordered against every page write: a page of the old run either
// committed before the new claim, or is refused. The first page a run writes (or, with none, the
// final transaction) therefore first deletes the job's pages, fenced the same way: whatever an earlier
// run of the job wrote before losing its claim is gone before the new run writes page 0, and nothing
// of the old run can land after. One transaction for all pages (the old way) would keep the whole
// result in flight until the end; a transaction per page keeps each one short and lets the
// read-only lint go on meanwhile. Readers read pages only of jobs whose status is done, which the
// final fenced transaction sets (run-job.ts), so a half-written or abandoned set is never served;
// it is replaced by the next run, deleted when the job fails, or pruned with the job.
//
// On PGlite (one session) the lint's READ ONLY transaction holds the only connection while its
// cursor is read: a write would wait for it, and it waits for the write. There the serialized pages
// are kept (as JSON text, far smaller than the parsed objects) and written in the final transaction, as
// before. The same with a pool of one connection on PostgreSQL.

/** Whether pages wait for the end of the run: the database has one session for the run's read and the page writes. */
export function pagesWaitForEnd(): boolean {
  return databaseKind() === 'pglite' || config().database.pool < 2;
}

export class ResultPageWriter implements ResultPages {
  /** Items of the page being filled, each as its JSON text. */
  private pending: string[] = [];
  /** Pages serialized and not yet written (only when deferred). */
  private kept: string[] = [];
  /** Pages stored so far (not deferred): the next page's number. */
  private pages = 0;
  /** Whether this run has deleted the job's earlier pages yet (once, before its first page). */
  private cleared = false;
  count = 0;

  constructor(
    private readonly claim: Claim,
    private readonly deferred = pagesWaitForEnd(),
    readonly pageSize = JOB_PAGE_SIZE,
  ) {}

  async append(items: readonly unknown[]): Promise<void> {
    await this.appendJson(items.map((item) => JSON.stringify(item) ?? 'null'));
  }

  async appendJson(texts: readonly string[]): Promise<void> {
    for (const text of texts) this.pending.push(text);
    this.count += texts.length;
    while (this.pending.length >= this.pageSize) await this.put(pageText(this.pending.splice(0, this.pageSize)));
  }

  private async put(text: string): Promise<void> {
    if (this.deferred) {
      this.kept.push(text);
      return;
    }
    const page = this.pages++;
    if (!this.cleared) {
      const [{ held }] = await primaryQuery<{ held: number }>(Prisma.sql`
        WITH held AS (UPDATE jobs SET heartbeat_at = now() WHERE ${heldBy(this.claim)} RETURNING id),
          gone AS (DELETE FROM job_result_pages p USING held WHERE p.job_id = held.id RETURNING 1)
        SELECT (SELECT count(*) FROM held)::int AS held`);
      if (held !== 1) throw new LostClaim(this.claim.id);
      this.cleared = true;
    }
    const inserted = await primaryQuery(Prisma.sql`
      WITH held AS (UPDATE jobs SET heartbeat_at = now() WHERE ${heldBy(this.claim)} RETURNING id)
      INSERT INTO job_result_pages (job_id, page, items) SELECT held.id, ${page}::int, ${text} FROM held RETURNING 1`);
    if (inserted.length !== 1) throw new LostClaim(this.claim.id);
  }

  /**
   * The rest, in the run's final transaction, which has already taken the fenced update of the job
   * row (so nothing here can race a takeover): earlier runs' pages go if no page was written yet,
   * then the kept pages and the last partial one. Returns the job's page count.
   */
  async finish(tx: Tx): Promise<number> {
    if (this.pending.length) this.kept.push(pageText(this.pending.splice(0)));
    // Deferred, every page is kept from 0; otherwise only the last one is left, numbered after the stored ones.
    let page = this.deferred ? 0 : this.pages;
    if (!this.cleared) await deletePages(tx, this.claim.id);
    this.cleared = true;
    for (const text of this.kept.splice(0)) {
      await tx.$executeRaw`INSERT INTO job_result_pages (job_id, page, items) VALUES (${this.claim.id}, ${page++}, ${text})`;
    }
    this.pages = page;
    return page;
  }
}

/**
 * A statement on the primary outside any transaction (autocommitted), through the pg pool under
 * Prisma where there is one: a page is a few hundred kB of parameter, for which Prisma spent about
 * 2 ms of CPU against 0.45 ms (measured on 300 kB pages), some 2.5 s of a 10M-fact lint's 456 MB.
 */
async function primaryQuery<Row>(sql: Prisma.Sql): Promise<Row[]> {
  const pool = await getPrimaryPool();
  if (!pool) return (await getDb()).$queryRaw<Row[]>(sql);
  return (await pool.query<Row & pg.QueryResultRow>(sql.text, sql.values)).rows;
}

/** A page's stored text: the JSON array of its items' texts. */
const pageText = (texts: string[]) => `[${texts.join(',')}]`;

/** Deletes a job's pages in `tx`, which holds the job's row (a fenced update of a failing run). */
export async function deletePages(tx: Tx, jobId: string): Promise<void> {
  await tx.$executeRaw`DELETE FROM job_result_pages WHERE job_id = ${jobId}`;
}
