import { expect, it, vi } from 'vitest';
import { Prisma } from '@/lib/generated/prisma/client';
import { readCursor } from '@/lib/db/read-cursor';
import { getDb } from '@/lib/db/prisma';
import { FINDINGS_BATCH } from '@/lib/lint/stream-findings';
import { api, describeHttp, dispatch, TEST_ADMIN_KEY, uid, wireFact } from '../harness';

// The dashboard's exports read their rows from the database through a cursor (lib/db/read-cursor.ts),
// a batch at a time as the download goes, so the app never holds a whole table. Each check counts
// rows turned into output objects when the first chunk of the download arrives: reading the whole
// result before answering (what the findings export did) turns every row into a finding first.

const counts = vi.hoisted(() => ({ findings: 0, entries: 0 }));

vi.mock('@/lib/lint/run-lint', async (importOriginal) => {
  const original = await importOriginal<typeof import('@/lib/lint/run-lint')>();
  return {
    ...original,
    toFinding: (...args: Parameters<typeof original.toFinding>) => {
      counts.findings++;
      return original.toFinding(...args);
    },
  };
});

vi.mock('@/lib/synthesis/synthesis-sql', async (importOriginal) => {
  const original = await importOriginal<typeof import('@/lib/synthesis/synthesis-sql')>();
  return {
    ...original,
    toEntry: (...args: Parameters<typeof original.toEntry>) => {
      counts.entries++;
      return original.toEntry(...args);
    },
  };
});

const ROWS = 3 * FINDINGS_BATCH + 500;
const SCOPE = 'local';

/** ROWS expired facts of fresh entities sharing `tag`: each is a stale finding and, with expired entries included, a synthesis entry. */
async function writeExpiredFacts(tag: string): Promise<void> {
  for (let start = 0; start < ROWS; start += 1000) {
    const facts = Array.from({ length: Math.min(1000, ROWS - start) }, (_, i) =>
      wireFact(`stigmem://test/${tag}/${String(start + i).padStart(5, '0')}`, `old ${start + i}`, { scope: SCOPE, relation: 'task:due', valid_until: '2020-01-01T00:00:00Z' }),
    );
    expect((await api.post('/v1/facts', { facts })).status).toBe(201);
  }
}

/** GET a download; the text of its first chunk and a function reading the rest. */
async function openDownload(path: string) {
  const res = await dispatch('GET', path, { headers: { authorization: `Bearer ${TEST_ADMIN_KEY}` } });
  expect(res.status).toBe(200);
  const reader = res.body!.getReader();
  const decoder = new TextDecoder();
  const first = await reader.read();
  const head = decoder.decode(first.value);
  return {
    head,
    async rest(): Promise<string> {
      let text = head;
      for (let chunk = await reader.read(); !chunk.done; chunk = await reader.read()) text += decoder.decode(chunk.value, { stream: true });
      return text;
    },
  };
}

const lines = (csv: string) => csv.split('\r\n').filter(Boolean);

describeHttp('exports stream from the database', () => {
  it('the findings export turns rows into findings a batch at a time, as the download is read', async () => {
    const tag = `export-stream-${uid()}`;
    await writeExpiredFacts(tag);
    counts.findings = 0;
    const download = await openDownload(`/api/scopes/${SCOPE}/findings/export?format=csv&check=stale&q=${tag}&sort=entity`);
    expect(lines(download.head)[0]).toMatch(/^severity,check,entity,/);
    // The first batch is out, the next one read ahead at most; the rest still waits in the database.
    expect(counts.findings).toBeGreaterThanOrEqual(1);
    expect(counts.findings).toBeLessThanOrEqual(2 * FINDINGS_BATCH);

    const rows = lines(await download.rest()).slice(1);
    expect(rows).toHaveLength(ROWS);
    // In the page's order (sort=entity), every entity once.
    const entities = rows.map((row) => row.split(',')[2]);
    expect(entities).toEqual(Array.from({ length: ROWS }, (_, i) => `stigmem://test/${tag}/${String(i).padStart(5, '0')}`));
    expect(counts.findings).toBe(ROWS);
  });

  it('the synthesis export reads its entries as the download goes, every one once', async () => {
    const tag = `export-synth-${uid()}`;
    await writeExpiredFacts(tag);
    counts.entries = 0;
    const download = await openDownload(`/api/synthesis/export?scope=${SCOPE}&include_expired=1&format=json`);
    expect(download.head.startsWith('[')).toBe(true);
    expect(counts.entries).toBeLessThanOrEqual(2 * 1000);
    const entries = JSON.parse(await download.rest()) as { entity: string; relation: string; value: { v: string } }[];
    const ours = entries.filter((e) => e.entity.startsWith(`stigmem://test/${tag}/`));
    expect(ours).toHaveLength(ROWS);
    expect(ours[0]).toMatchObject({ relation: 'task:due', value: { v: 'old 0' } });
  });
});

describeHttp('readCursor', () => {
  const series = (n: number) => Prisma.sql`SELECT g AS n FROM generate_series(1, ${n}::int) g ORDER BY g`;

  it('fetches a batch only when the consumer asks for the next one', async () => {
    let mapped = 0;
    const batches = readCursor<{ n: number }, number>(series(10_000), {
      batchSize: 100,
      map: (_tx, rows) => {
        mapped++;
        return rows.map((r) => Number(r.n));
      },
    });
    const first = await batches.next();
    expect(first.value).toEqual(Array.from({ length: 100 }, (_, i) => i + 1));
    expect(mapped).toBe(1);
    const second = await batches.next();
    expect((second.value as number[])[0]).toBe(101);
    expect(mapped).toBe(2);
    await batches.return(undefined);
  });

  it('reads every row once, in order, and ends', async () => {
    const seen: number[] = [];
    for await (const batch of readCursor<{ n: number }, number>(series(2_050), { batchSize: 500, map: (_tx, rows) => rows.map((r) => Number(r.n)) })) seen.push(...batch);
    expect(seen).toEqual(Array.from({ length: 2_050 }, (_, i) => i + 1));
  });

  it('a consumer that stops early ends the transaction (the next query is not kept waiting)', async () => {
    for await (const batch of readCursor<{ n: number }, number>(series(10_000), { batchSize: 100, map: (_tx, rows) => rows.map((r) => Number(r.n)) })) {
      expect(batch).toHaveLength(100);
      break;
    }
    // On the embedded database a transaction left open would hold its one session: this would hang.
    const db = await getDb();
    const [row] = await db.$queryRaw<{ ok: number }[]>`SELECT 1 AS ok`;
    expect(Number(row.ok)).toBe(1);
  });

  it('a failing query rejects the consumer and ends the transaction', async () => {
    const failing = readCursor(Prisma.sql`SELECT 1 / (g - 3) FROM generate_series(1, 10) g`, { batchSize: 100, map: (_tx, rows) => rows });
    await expect(failing.next()).rejects.toThrow(/division by zero/);
    const [row] = await (await getDb()).$queryRaw<{ ok: number }[]>`SELECT 1 AS ok`;
    expect(Number(row.ok)).toBe(1);
  });
});
