import { afterEach, expect, it } from 'vitest';
import { z } from 'zod';
import { api, createKey, describeHttp, expectBody, expectError, hlcText, setEnv, uid, uniqueEntity, wireFact } from '../harness';
import { FactRecord } from '@/lib/wire/records';
import { SynthesisEntriesPage, SynthesisResponse, SynthesisStatsReading } from '@/lib/wire/synthesis';
import { Prisma } from '@/lib/generated/prisma/client';
import { readOnly } from '@/lib/db/read-only';
import { optionsOf, synthesisTotals } from '@/lib/synthesis/synthesize';
import { countSynthesisStats } from '@/lib/synthesis/synthesis-stats';
import { synthesisCtes } from '@/lib/synthesis/synthesis-sql';
import { tenthsOf, totalsAt } from '@/lib/synthesis/view/stats-totals';

// §16: the four synthesis vector ids, then the cases of the issue. Each test uses its own entities
// and narrows the synthesis with `entity`, so tests never see each other's data.

const S = 'company';
const post = (fact: ReturnType<typeof wireFact>) => api.post('/v1/facts', { scope: S, ...fact }).then((r) => expectBody(r, 201, FactRecord));
const synth = async (body: Record<string, unknown>) => expectBody(await api.post('/v1/synthesis', { scope: S, ...body }), 200, SynthesisResponse);

describeHttp('synthesis vectors (§16)', () => {
  it('synthesis-basic-ordering', async () => {
    const e1 = uniqueEntity('a');
    const e2 = `${e1}-z`;
    await post(wireFact(e2, 'second', { relation: 'memory:b' }));
    await post(wireFact(e1, 'x', { relation: 'memory:z' }));
    await post(wireFact(e1, 'y', { relation: 'memory:a', confidence: 0.7 }));
    await post(wireFact(e1, 'y', { relation: 'memory:a', confidence: 0.9 }));
    const a = await synth({ entity: e1 });
    expect(a.summary.map((s) => [s.entity, s.relation, s.value, s.confidence])).toEqual([
      [e1, 'memory:a', { type: 'string', v: 'y' }, 0.9],
      [e1, 'memory:z', { type: 'string', v: 'x' }, 1],
    ]);
    expect(a.fact_count).toBe(2);
  });

  it('synthesis-contradicted-annotation', async () => {
    const e = uniqueEntity();
    await post(wireFact(e, 'CEO', { confidence: 0.9 }));
    const b = await post(wireFact(e, 'CTO', { confidence: 0.6 }));
    const { summary, contradiction_count } = await synth({ entity: e });
    expect(contradiction_count).toBe(1);
    expect(summary).toEqual([
      expect.objectContaining({ value: { type: 'string', v: 'CEO' }, confidence: 0.9, contradicted: true, alt_value: { type: 'string', v: 'CTO' }, alt_confidence: 0.6, alt_fact_id: b.id }),
    ]);
    expect(summary[0].conflict_id).toMatch(/^stigmem:conflict:/);
  });

  it('synthesis-min-confidence-filter', async () => {
    const e = uniqueEntity();
    await post(wireFact(e, 'high', { relation: 'memory:a', confidence: 0.95 }));
    await post(wireFact(e, 'low', { relation: 'memory:b', confidence: 0.4 }));
    await post(wireFact(e, 'mid', { relation: 'memory:c', confidence: 0.6 }));
    const result = await synth({ entity: e, min_confidence: 0.6 });
    expect(result.summary.map((s) => s.relation)).toEqual(['memory:a', 'memory:c']);
    expect(result.filtered_count).toBe(1);
    expect(result.fact_count).toBe(3);
  });

  it('synthesis-empty-scope', async () => {
    const result = await synth({ entity: uniqueEntity('nothing') });
    expect(result).toMatchObject({ summary: [], fact_count: 0, contradiction_count: 0, filtered_count: 0, scope: S });
  });
});

describeHttp('synthesis semantics', () => {
  it('a tie on confidence is broken by the higher HLC', async () => {
    const e = uniqueEntity();
    await post(wireFact(e, 'first', { confidence: 0.8 }));
    await post(wireFact(e, 'second', { confidence: 0.8 }));
    const [entry] = (await synth({ entity: e })).summary;
    expect(entry).toMatchObject({ value: { v: 'second' }, contradicted: true, alt_value: { v: 'first' } });
  });

  it('a full tie (same confidence and HLC, by import) is contradicted, with a deterministic winner', async () => {
    const e = uniqueEntity();
    const hlc = hlcText(Date.now() - 60_000, 7);
    const facts = ['b', 'a'].map((v) => ({ ...wireFact(e, v, { scope: S }), id: `tie-${uid()}`, hlc }));
    expect((await api.post('/v1/facts/import', { facts })).status).toBe(201);
    const first = (await synth({ entity: e })).summary;
    expect(first).toHaveLength(1);
    expect(first[0].contradicted).toBe(true);
    expect([first[0].value, first[0].alt_value]).toEqual(expect.arrayContaining([{ type: 'string', v: 'a' }, { type: 'string', v: 'b' }]));
    expect((await synth({ entity: e })).summary).toEqual(first);
  });

  it('retracted and expired values are excluded, and included with include_expired', async () => {
    const e = uniqueEntity();
    await post(wireFact(e, 'gone', { relation: 'memory:expired', valid_until: '2020-01-01T00:00:00Z' }));
    await post(wireFact(e, 'was', { relation: 'memory:retracted' }));
    await post(wireFact(e, 'was', { relation: 'memory:retracted', confidence: 0 }));
    await post(wireFact(e, 'here', { relation: 'memory:live' }));
    expect((await synth({ entity: e })).summary.map((s) => s.relation)).toEqual(['memory:live']);
    const all = await synth({ entity: e, include_expired: true });
    expect(all.summary.map((s) => [s.relation, s.confidence])).toEqual([
      ['memory:expired', 1],
      ['memory:live', 1],
      ['memory:retracted', 0],
    ]);
    expect(all.fact_count).toBe(1);
  });

  it('a resolved conflict is no longer flagged', async () => {
    const e = uniqueEntity();
    const a = await post(wireFact(e, 'A'));
    await post(wireFact(e, 'B'));
    const [entry] = (await synth({ entity: e })).summary;
    expect((await api.post(`/v1/conflicts/${encodeURIComponent(entry.conflict_id!)}/resolve`, { winning_fact_id: a.id })).status).toBe(200);
    expect((await synth({ entity: e })).summary).toEqual([expect.objectContaining({ value: { type: 'string', v: 'A' }, contradicted: false })]);
  });

  it('stays inside its scope and answers only keys that can read it', async () => {
    const e = uniqueEntity();
    await api.post('/v1/facts', wireFact(e, 'elsewhere', { scope: 'team' }));
    expect((await synth({ entity: e })).summary).toEqual([]);
    const teamOnly = await createKey(['read'], ['team']);
    expectError(await api.post('/v1/synthesis', { scope: S }, { key: teamOnly.key }), 403, 'forbidden');
    expect((await api.post('/v1/synthesis', { scope: 'team', entity: e }, { key: teamOnly.key })).status).toBe(200);
  });

  it('paged responses add up to the streamed one', async () => {
    const prefix = uniqueEntity('page');
    await api.post('/v1/facts', { facts: Array.from({ length: 7 }, (_, i) => wireFact(`${prefix}-${i}`, `v${i}`, { scope: S })) });
    const whole = await synth({});
    const mine = whole.summary.filter((s) => s.entity.startsWith(prefix));
    expect(mine).toHaveLength(7);
    const paged = [];
    let cursor: string | null | undefined;
    do {
      const page = await synth({ limit: 3, ...(cursor ? { cursor } : {}) });
      paged.push(...page.summary);
      expect(page.fact_count).toBe(whole.fact_count);
      cursor = page.next_cursor;
    } while (cursor);
    expect(paged).toEqual(whole.summary);
  });

  it('contradicted_only: only contradicted entries, streamed, paged, exported and as of now; the totals still count the whole scope', async () => {
    const prefix = uniqueEntity('only');
    // Five triples, two of them contradicted (the 2nd and the 5th in entity order), one resolved.
    await api.post('/v1/facts', { facts: Array.from({ length: 5 }, (_, i) => wireFact(`${prefix}-${i}`, `v${i}`, { scope: S })) });
    await post(wireFact(`${prefix}-1`, 'other', { confidence: 0.5 }));
    const fourth = await post(wireFact(`${prefix}-4`, 'other', { confidence: 0.5 }));
    await post(wireFact(`${prefix}-3`, 'settled', { confidence: 0.5 }));
    const settled = await api.get(`/v1/conflicts?status=unresolved&entity=${encodeURIComponent(`${prefix}-3`)}`);
    const [{ conflict_id }] = (settled.body as { conflicts: { conflict_id: string }[] }).conflicts;
    expect((await api.post(`/v1/conflicts/${encodeURIComponent(conflict_id)}/dismiss`, { resolution_note: 'both fine' })).status).toBe(200);

    const whole = await synth({});
    const only = await synth({ contradicted_only: true });
    const mine = (entries: { entity: string }[]) => entries.filter((e) => e.entity.startsWith(prefix)).map((e) => e.entity);
    expect(mine(only.summary)).toEqual([`${prefix}-1`, `${prefix}-4`]);
    expect(only.summary.every((e) => e.contradicted)).toBe(true);
    expect(only.summary).toEqual(whole.summary.filter((e) => e.contradicted));
    expect({ ...only, summary: [], synthesized_at: '' }).toEqual({ ...whole, summary: [], synthesized_at: '' });

    const paged = [];
    let cursor: string | null | undefined;
    do {
      const page = await synth({ contradicted_only: true, limit: 1, ...(cursor ? { cursor } : {}) });
      expect(page.summary.length).toBeLessThanOrEqual(1);
      expect(page.contradiction_count).toBe(whole.contradiction_count);
      paged.push(...page.summary);
      cursor = page.next_cursor;
    } while (cursor);
    expect(paged).toEqual(only.summary);

    // A second past the write by the node's clock, not the wall's: on a shared database other files'
    // imports from ahead move the node's clock ahead of the wall (docs/decisions.md § Facts).
    const asOf = await synth({ contradicted_only: true, entity: `${prefix}-4`, as_of: new Date(Date.parse(fourth.timestamp) + 1000).toISOString() });
    expect(asOf.summary.map((e) => e.entity)).toEqual([`${prefix}-4`]);
    expect((await synth({ contradicted_only: true, entity: `${prefix}-3` })).summary).toEqual([]);

    const exported = await api.get(`/api/synthesis/export?scope=${S}&format=json&contradicted=1`);
    expect(exported.status).toBe(200);
    expect(mine(exported.body as { entity: string }[])).toEqual([`${prefix}-1`, `${prefix}-4`]);
  });

  it.each([
    ['contradicted_only not a boolean', { scope: S, contradicted_only: 'yes' }],
    ['missing scope', {}],
    ['invalid scope', { scope: 'moon' }],
    ['min_confidence below 0', { scope: S, min_confidence: -0.1 }],
    ['min_confidence above 1', { scope: S, min_confidence: 1.01 }],
    ['min_confidence as a string', { scope: S, min_confidence: '0.5' }],
    ['include_expired not a boolean', { scope: S, include_expired: 'yes' }],
    ['empty entity', { scope: S, entity: ' ' }],
    ['limit 0', { scope: S, limit: 0 }],
  ])('400 for %s', async (_name, body) => {
    expectError(await api.post('/v1/synthesis', body), 400, 'validation_error');
  });

  it('400 for a bad cursor', async () => {
    expectError(await api.post('/v1/synthesis', { scope: S, limit: 5, cursor: 'nope' }), 400, 'invalid_cursor');
  });
});

describeHttp('snapshots', () => {
  it('save, list, read, diff after a resolution, delete; POST /v1/synthesis itself saves nothing', async () => {
    const e = uniqueEntity('snap');
    const a = await post(wireFact(e, 'A', { relation: 'memory:role' }));
    await post(wireFact(e, 'B', { relation: 'memory:role' }));
    await post(wireFact(e, 'stays', { relation: 'memory:other' }));
    const before = (await api.get('/v1/synthesis/snapshots', { query: { scope: S } })).body as { snapshots: { snapshot_id: string }[] };
    await synth({ entity: e });
    expect(((await api.get('/v1/synthesis/snapshots', { query: { scope: S } })).body as typeof before).snapshots).toHaveLength(before.snapshots.length);

    const first = (await api.post('/v1/synthesis/snapshots', { scope: S, label: 'before' })).body as { snapshot_id: string; entry_count: number; contradiction_count: number };
    expect(first.contradiction_count).toBeGreaterThanOrEqual(1);
    const [entry] = (await synth({ entity: e })).summary.filter((s) => s.relation === 'memory:role');
    await api.post(`/v1/conflicts/${encodeURIComponent(entry.conflict_id!)}/resolve`, { new_value: { type: 'string', v: 'C' } });
    await post(wireFact(e, 'fresh', { relation: 'memory:added' }));
    const second = (await api.post('/v1/synthesis/snapshots', { scope: S, label: 'after' })).body as { snapshot_id: string };
    const list = (await api.get('/v1/synthesis/snapshots', { query: { scope: S } })).body as { snapshots: { snapshot_id: string; label: string }[] };
    expect(list.snapshots.slice(0, 2).map((s) => s.label)).toEqual(['after', 'before']);

    const diff = (await api.get('/v1/synthesis/snapshots/diff', { query: { from: first.snapshot_id, to: second.snapshot_id, limit: 5000 } })).body as Record<string, { entity: string; relation: string; from_value: unknown; to_value: unknown }[]>;
    const mine = (kind: string) => diff[kind].filter((d) => d.entity === e).map((d) => d.relation);
    expect(mine('value_changed')).toEqual(expect.arrayContaining(['memory:role']));
    expect(mine('no_longer_contradicted')).toEqual(['memory:role']);
    expect(mine('added')).toEqual(['memory:added']);
    expect(mine('removed')).toEqual([]);
    expect(diff.value_changed.find((d) => d.entity === e)).toMatchObject({ from_value: expect.anything(), to_value: { type: 'string', v: 'C' } });
    void a;

    const snapshot = (await api.get(`/v1/synthesis/snapshots/${first.snapshot_id}`, { query: { limit: 1000 } })).body as { entries: { entity: string }[] };
    expect(snapshot.entries.filter((x) => x.entity === e)).toHaveLength(2);
    expect((await api.delete(`/v1/synthesis/snapshots/${first.snapshot_id}`)).status).toBe(204);
    expectError(await api.get(`/v1/synthesis/snapshots/${first.snapshot_id}`), 404, 'snapshot_not_found');
    expectError(await api.get('/v1/synthesis/snapshots/diff', { query: { from: second.snapshot_id } }), 400, 'validation_error');
  });
});

describeHttp('context (Spec-19 BootContext)', () => {
  it('returns the winning facts and the Markdown block; empty block when nothing matches', async () => {
    const e = uniqueEntity('ctx');
    await post(wireFact(e, 'CTO', { relation: 'memory:role' }));
    await post(wireFact(e, { type: 'null' } as never, { relation: 'memory:manager', confidence: 0.5 }));
    await post(wireFact(e, 'stigmem://acme/agent/p', { relation: 'intent:handoff_to', confidence: 0.91 }));
    const ctx = (await api.post('/v1/context', { scope: S, entity: e })).body as { facts: { relation: string }[]; summary: string };
    expect(ctx.facts.map((f) => f.relation)).toEqual(['memory:role', 'intent:handoff_to', 'memory:manager']);
    expect(ctx.summary).toBe(
      `## Stigmem context - ${e}\n\n### intent\n- **intent:handoff_to** on \`${e}\`: stigmem://acme/agent/p _(confidence: 0.91)_\n\n` +
        `### memory\n- **memory:role** on \`${e}\`: CTO\n- **memory:manager** on \`${e}\`: (null) _(confidence: 0.50)_\n`,
    );
    const onlyIntent = (await api.post('/v1/context', { scope: S, entity: e, namespaces: ['intent:'] })).body as { facts: unknown[] };
    expect(onlyIntent.facts).toHaveLength(1);
    expect((await api.post('/v1/context', { scope: S, entity: e, min_confidence: 0.95 })).body).toMatchObject({ facts: [{ relation: 'memory:role' }] });
    expect((await api.post('/v1/context', { scope: S, entity: uniqueEntity('none') })).body).toEqual({ facts: [], summary: '' });
  });
});

describeHttp('GET /v1/scopes/:scope/synthesize (reference shape)', () => {
  it('lists entries by confidence with freshness and stats; 422 for a bad limit', async () => {
    const res = await api.get(`/v1/scopes/${S}/synthesize`, { query: { limit: 5 } });
    const body = res.body as { facts: { confidence: number; freshness: { age_s: number; expired: boolean } }[]; stats: { returned: number } };
    expect(res.status).toBe(200);
    expect(body.facts.length).toBeLessThanOrEqual(5);
    expect(body.stats.returned).toBe(body.facts.length);
    const confidences = body.facts.map((f) => f.confidence);
    expect(confidences).toEqual([...confidences].sort((x, y) => y - x));
    expectError(await api.get(`/v1/scopes/${S}/synthesize`, { query: { limit: 5000 } }), 422, 'validation_error');
    expectError(await api.get('/v1/scopes/mars/synthesize'), 422, 'validation_error');
  });
});

describeHttp('synthesis statistics', () => {
  it('give the same totals as counting, at every whole hundredth, on confidences at and beside the boundaries; the chart the same buckets as width_bucket', async () => {
    const entity = uniqueEntity('synth-stats');
    const confidences = [0, 0.01, 0.05, 0.1, 0.29, 0.3, 0.3000001, 0.5, 0.6499999, 0.65, 0.7, 0.95, 0.99, 1];
    const facts = confidences.map((confidence, i) => wireFact(entity, `v${i}`, { scope: 'public', relation: `memory:r${i}`, confidence }));
    // Two contradicted triples: both values live.
    facts.push(wireFact(entity, 'x', { scope: 'public', relation: 'memory:c1', confidence: 0.3 }), wireFact(entity, 'y', { scope: 'public', relation: 'memory:c1', confidence: 0.3 }));
    facts.push(wireFact(entity, 'x', { scope: 'public', relation: 'memory:c2', confidence: 0.9 }), wireFact(entity, 'y', { scope: 'public', relation: 'memory:c2', confidence: 0.8 }));
    // Expired values: the winner of their triple only with include_expired, above a live one's confidence.
    facts.push(wireFact(entity, 'old', { scope: 'public', relation: 'memory:r4', confidence: 0.95, valid_until: '2020-01-01T00:00:00Z' }));
    facts.push(wireFact(entity, 'old', { scope: 'public', relation: 'memory:gone', confidence: 0.45, valid_until: '2020-01-01T00:00:00Z' }));
    expect((await api.post('/v1/facts', { facts })).status).toBe(201);
    for (const include_expired of [false, true]) {
      const options = optionsOf({ scope: 'public', entity, include_expired }, new Date());
      const stats = await readOnly((tx) => countSynthesisStats(tx, options));
      for (let k = 0; k <= 100; k++) {
        const min = k / 100;
        const counted = await readOnly((tx) => synthesisTotals(tx, options, min));
        expect(totalsAt(stats, min), `min ${min}, include_expired ${include_expired}`).toEqual({ fact_count: counted.fact_count, entry_count: counted.entry_count, contradiction_count: counted.contradiction_count, filtered_count: counted.filtered_count });
      }
    }
    const options = optionsOf({ scope: 'public', entity, include_expired: false }, new Date());
    const stats = await readOnly((tx) => countSynthesisStats(tx, options));
    const buckets = await readOnly((tx) => tx.$queryRaw<{ bucket: number; entries: bigint; contradicted: bigint }[]>(Prisma.sql`
      ${synthesisCtes(options)} SELECT width_bucket(confidence, 0, 1, 10) AS bucket, count(*) AS entries, count(*) FILTER (WHERE conflict_id IS NOT NULL) AS contradicted
      FROM entries GROUP BY 1 ORDER BY 1`));
    expect(tenthsOf(stats)).toEqual(buckets.map((b) => ({ bucket: Number(b.bucket), entries: Number(b.entries), contradicted: Number(b.contradicted) })));
  });
});

describeHttp('the synthesis page\'s reads', () => {
  // Strict: the page reads exactly these fields.
  const StatsReading = z.strictObject({ ...SynthesisStatsReading.shape, stats: z.strictObject(SynthesisStatsReading.shape.stats.shape) });
  const statsOf = async (entity: string) => expectBody(await api.get('/api/synthesis/stats', { query: { scope: 'public', entity } }), 200, StatsReading);
  const entries = (reading: z.infer<typeof StatsReading>) => reading.stats.entries.reduce((a, b) => a + b, 0);

  afterEach(() => setEnv({ STIGMEM_ASYNC_THRESHOLD: undefined }));

  it('entries page by page without the totals, as POST /v1/synthesis pages them', async () => {
    const entity = uniqueEntity('synth-entries');
    expect((await api.post('/v1/facts', { facts: ['a', 'b', 'c'].map((r) => wireFact(entity, r, { scope: 'public', relation: `memory:${r}` })) })).status).toBe(201);
    // Strict: a page of entries carries no totals.
    const Page = z.strictObject(SynthesisEntriesPage.shape);
    const first = expectBody(await api.post('/api/synthesis/entries', { scope: 'public', entity, limit: 2 }), 200, Page);
    const second = expectBody(await api.post('/api/synthesis/entries', { scope: 'public', entity, limit: 2, cursor: first.next_cursor }), 200, Page);
    const v1 = expectBody(await api.post('/v1/synthesis', { scope: 'public', entity }), 200, SynthesisResponse);
    expect([...first.summary, ...second.summary]).toEqual(v1.summary);
    expect(second.next_cursor).toBeNull();
    expectError(await api.post('/api/synthesis/entries', { scope: 'public', entity }), 400, 'validation_error');
  });

  it('a scope below the threshold is counted again after a write; above it, the last count is shown with its time while a recount runs', async () => {
    const entity = uniqueEntity('synth-reading');
    const write = async (relation: string) => expect((await api.post('/v1/facts', { facts: [wireFact(entity, 'v', { scope: 'public', relation })] })).status).toBe(201);
    await write('memory:a');
    expect(await statsOf(entity)).toMatchObject({ current: true, stats: { fact_count: 1 } });
    await write('memory:b');
    expect(await statsOf(entity)).toMatchObject({ current: true, stats: { fact_count: 2 } });

    setEnv({ STIGMEM_ASYNC_THRESHOLD: '0' });
    const counted = await statsOf(entity);
    expect(counted).toMatchObject({ current: true, stats: { fact_count: 2 } });
    await write('memory:c');
    const stale = await statsOf(entity);
    expect(stale).toEqual({ ...counted, current: false });
    // The recount finishes in the background; then the page gets it.
    const deadline = Date.now() + 10_000;
    let fresh = stale;
    while (!fresh.current && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 50));
      fresh = await statsOf(entity);
    }
    expect(fresh.current).toBe(true);
    expect(fresh.stats.fact_count).toBe(3);
    expect(entries(fresh)).toBe(3);
    expect(Date.parse(fresh.counted_at)).toBeGreaterThan(Date.parse(counted.counted_at));
  });
});
