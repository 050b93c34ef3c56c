import { afterAll, expect, it } from 'vitest';
import { parseCsv } from '../../e2e/support/csv';
import { createPolicy, importAged, newNamespace, sweep } from '../decay-helpers';
import { api, describeHttp, takeTurnsOnScopeHistory, uniqueEntity, wireFact } from '../harness';

// One definition per number (docs/semantics.md § Figures): a known knowledge base is written through
// the API, and every surface that shows a figure of the scope — POST /v1/lint, the health card
// (GET /api/health), a recorded health run, /metrics, synthesis (the API and the page's statistics),
// the review queue and history, the CSV/JSON exports — must report the same figure. Other files may
// share the database (PostgreSQL), so the figures are compared across surfaces absolutely and
// against the known knowledge base as the change from before it was written.

const SCOPE = 'company';
const DAY_S = 86_400;

interface Figures {
  facts: number;
  live_values: number;
  entities: number;
  contradicted_triples: number;
  unresolved_conflicts: number;
  entries: number;
  findings: Record<string, number>;
  score: number;
}

const count = <T,>(rows: T[], key: (row: T) => string) => rows.reduce<Record<string, number>>((acc, row) => ({ ...acc, [key(row)]: (acc[key(row)] ?? 0) + 1 }), {});
const nonZero = (counts: Record<string, number>) => Object.fromEntries(Object.entries(counts).filter(([, n]) => n > 0));
const sumBySeverity = (bySeverity: Record<string, Record<string, number>>) => nonZero(Object.fromEntries(Object.entries(bySeverity).map(([check, s]) => [check, Object.values(s).reduce((a, b) => a + b, 0)])));

function ok<T>(res: { status: number; body: unknown }, status = 200): T {
  expect(res.status, JSON.stringify(res.body)).toBe(status);
  return res.body as T;
}

/** Every unresolved conflict record of the scope, paged through GET /v1/conflicts. */
async function unresolvedConflictRecords(): Promise<number> {
  let cursor: string | undefined;
  let n = 0;
  do {
    const page = ok<{ conflicts: unknown[]; cursor: string | null }>(await api.get('/v1/conflicts', { query: { scope: SCOPE, status: 'unresolved', limit: 500, cursor } }));
    n += page.conflicts.length;
    cursor = page.cursor ?? undefined;
  } while (cursor);
  return n;
}

function metric(text: string, name: string, labels = `scope="${SCOPE}"`): number {
  const match = new RegExp(`^${name}\\{${labels.replace(/[{}]/g, '\\$&')}\\} (\\S+)$`, 'm').exec(text);
  return match ? Number(match[1]) : 0;
}

/** Each surface's figures of the scope, read one after the other with nothing written in between. */
async function readSurfaces() {
  const lint = ok<{ fact_count: number; findings: { check: string; severity: string }[] }>(await api.post('/v1/lint', { scope: SCOPE }));
  const run = ok<{ fact_count: number; live_value_count: number; entity_count: number; findings: Record<string, Record<string, number>>; pending_conflicts: number; score: number }>(
    await api.post('/v1/health/runs', { scope: SCOPE }),
    201,
  );
  const [card] = ok<{ scopes: { fact_count: number; live_value_count: number; entity_count: number; by_check: Record<string, number>; score: number }[] }>(
    await api.get('/api/health', { query: { scope: SCOPE } }),
  ).scopes;
  const synthesis = ok<{ summary: { contradicted: boolean }[]; fact_count: number; contradiction_count: number }>(await api.post('/v1/synthesis', { scope: SCOPE }));
  const stats = ok<{ stats: { fact_count: number; entries: number[]; contradicted: number[] }; current: boolean }>(await api.get('/api/synthesis/stats', { query: { scope: SCOPE } }));
  const history = ok<{ summary: { pending: number; unresolved_conflicts: number } }>(await api.get('/v1/conflicts/history', { query: { scope: SCOPE, days: 7 } }));
  const queue = ok<{ total: number }>(await api.get('/v1/conflicts', { query: { scope: SCOPE, status: 'unresolved', group: 'triple', limit: 1 } }));
  const metrics = ok<string>(await api.get('/metrics'));
  const findingsJson = ok<{ check: string }[]>(await api.get(`/api/scopes/${SCOPE}/findings/export`, { query: { format: 'json' } }));
  const [header, ...findingsCsv] = parseCsv(ok<string>(await api.get(`/api/scopes/${SCOPE}/findings/export`, { query: { format: 'csv' } }))).filter((row) => row.length > 1);
  const synthesisExport = ok<{ contradicted: boolean }[]>(await api.get('/api/synthesis/export', { query: { scope: SCOPE, format: 'json' } }));
  const queueExport = ok<unknown[]>(await api.get('/api/conflicts/export', { query: { scope: SCOPE, status: 'unresolved', format: 'json' } }));
  const sum = (values: number[]) => values.reduce((a, b) => a + b, 0);
  const checkColumn = header.indexOf('check');
  return {
    lint: { facts: lint.fact_count, findings: count(lint.findings, (f) => f.check) },
    run: { facts: run.fact_count, live_values: run.live_value_count, entities: run.entity_count, findings: sumBySeverity(run.findings), contradicted_triples: run.pending_conflicts, score: run.score },
    card: { facts: card.fact_count, live_values: card.live_value_count, entities: card.entity_count, findings: nonZero(card.by_check), score: card.score },
    synthesis: { live_values: synthesis.fact_count, contradicted_triples: synthesis.contradiction_count, entries: synthesis.summary.length, contradicted_entries: synthesis.summary.filter((e) => e.contradicted).length },
    synthesisPage: { live_values: stats.stats.fact_count, entries: sum(stats.stats.entries), contradicted_triples: sum(stats.stats.contradicted), current: stats.current },
    review: { contradicted_triples: history.summary.pending, queue_total: queue.total, unresolved_conflicts: history.summary.unresolved_conflicts, conflict_records: await unresolvedConflictRecords() },
    metrics: {
      facts: metric(metrics, 'stigmem_facts'),
      live_values: metric(metrics, 'stigmem_live_values'),
      contradicted_triples: metric(metrics, 'stigmem_conflicts_pending'),
      contradiction_findings: metric(metrics, 'stigmem_lint_findings', `scope="${SCOPE}",check="contradiction",severity="error"`),
      score: metric(metrics, 'stigmem_health_score'),
    },
    exports: {
      findings_json: count(findingsJson, (f) => f.check),
      findings_csv: count(findingsCsv, (row) => row[checkColumn]),
      synthesis_entries: synthesisExport.length,
      synthesis_contradicted: synthesisExport.filter((e) => e.contradicted).length,
      queue_rows: queueExport.length,
    },
  };
}

type Surfaces = Awaited<ReturnType<typeof readSurfaces>>;

/** Asserts every surface agrees with the lint and the card, and returns the one set of figures. */
function agreed(s: Surfaces): Figures {
  const figures: Figures = {
    facts: s.lint.facts,
    live_values: s.card.live_values,
    entities: s.card.entities,
    contradicted_triples: s.lint.findings.contradiction ?? 0,
    unresolved_conflicts: s.review.unresolved_conflicts,
    entries: s.synthesis.entries,
    findings: s.lint.findings,
    score: s.card.score,
  };
  // Fact rows: lint, the card, the run, /metrics.
  expect([s.card.facts, s.run.facts, s.metrics.facts], 'facts').toEqual([figures.facts, figures.facts, figures.facts]);
  // Live values: the card, the run, /metrics, synthesis (API and page).
  expect([s.run.live_values, s.metrics.live_values, s.synthesis.live_values, s.synthesisPage.live_values], 'live values').toEqual(Array(4).fill(figures.live_values));
  expect(s.run.entities, 'entities').toBe(figures.entities);
  // Findings per check: lint, the card, the run, both exports.
  for (const [surface, findings] of Object.entries({ card: s.card.findings, run: s.run.findings, json: s.exports.findings_json, csv: s.exports.findings_csv })) {
    expect(findings, `findings per check (${surface})`).toEqual(figures.findings);
  }
  // Contradicted triples: lint's findings, the run, /metrics (pending and findings), synthesis (API,
  // page, export), the review history, the queue and its export.
  const contradicted = [
    s.run.contradicted_triples,
    s.metrics.contradicted_triples,
    s.metrics.contradiction_findings,
    s.synthesis.contradicted_triples,
    s.synthesis.contradicted_entries,
    s.synthesisPage.contradicted_triples,
    s.exports.synthesis_contradicted,
    s.review.contradicted_triples,
    s.review.queue_total,
    s.exports.queue_rows,
  ];
  expect(contradicted, 'contradicted triples').toEqual(Array(contradicted.length).fill(figures.contradicted_triples));
  // Synthesis entries: the API, the page's statistics, the export.
  expect([s.synthesisPage.entries, s.exports.synthesis_entries], 'entries').toEqual([figures.entries, figures.entries]);
  // Unresolved conflicts: the review history's count and the wire's records, paged.
  expect(s.review.conflict_records, 'unresolved conflicts').toBe(figures.unresolved_conflicts);
  expect([s.run.score, s.metrics.score], 'score').toEqual([figures.score, figures.score]);
  return figures;
}

describeHttp('one definition per number: every surface reports the same figures', () => {
  takeTurnsOnScopeHistory();
  const policies: string[] = [];
  afterAll(async () => {
    for (const id of policies) await api.delete(`/v1/decay/policies/${encodeURIComponent(id)}`);
  });

  it('a known knowledge base reads the same on lint, the card, a run, /metrics, synthesis, the queue and the exports', async () => {
    const before = agreed(await readSurfaces());

    const ns = newNamespace();
    const e = (label: string) => uniqueEntity(`figures-${label}`);
    const fact = (entity: string, relation: string, value: string, extra: Record<string, unknown> = {}) => wireFact(entity, value, { scope: SCOPE, relation: `${ns}:${relation}`, ...extra });
    const [two, three, four, named1, named2, ref1, ref2] = ['two', 'three', 'four', 'named1', 'named2', 'ref1', 'ref2'].map(e);
    const facts = [
      // Three contradicted triples holding 2, 3 and 4 live values: 3 findings, 3 queue rows, 1 + 2 + 3 unresolved conflicts.
      ...['a', 'b'].map((v) => fact(two, 'owner', v)),
      ...['a', 'b', 'c'].map((v) => fact(three, 'owner', v)),
      ...['a', 'b', 'c', 'd'].map((v) => fact(four, 'color', v)),
      // Two stale values (expired, so not live) on entities that keep a live name (no orphan).
      fact(named1, 'due', 'monday', { valid_until: '2020-01-01T00:00:00Z' }),
      fact(named2, 'due', 'tuesday', { valid_until: '2020-01-01T00:00:00Z' }),
      fact(named1, 'name', 'one'),
      fact(named2, 'name', 'two'),
      // Two broken refs (warnings: a plain relation, not a handoff).
      wireFact(ref1, { type: 'ref', v: e('missing') }, { scope: SCOPE, relation: `${ns}:depends_on` }),
      wireFact(ref2, { type: 'ref', v: e('missing') }, { scope: SCOPE, relation: `${ns}:depends_on` }),
    ];
    expect((await api.post('/v1/facts', { facts })).status).toBe(201);
    // Three values a decay policy reaches, one of them old enough for it to retract: reach 3, changes 1.
    const decayNs = newNamespace();
    await importAged(e('aged'), `${decayNs}:status`, 'old', 60 * DAY_S);
    await importAged(e('fresh1'), `${decayNs}:status`, 'new', DAY_S);
    await importAged(e('fresh2'), `${decayNs}:status`, 'new', 2 * DAY_S);
    const policyId = `figures-${decayNs}`;
    policies.push(policyId);
    await createPolicy({ id: policyId, relation: `${decayNs}:*`, scope: SCOPE, mode: 'retract', ttl_s: 30 * DAY_S });

    const after = agreed(await readSurfaces());
    expect({
      facts: after.facts - before.facts,
      live_values: after.live_values - before.live_values,
      entities: after.entities - before.entities,
      contradicted_triples: after.contradicted_triples - before.contradicted_triples,
      unresolved_conflicts: after.unresolved_conflicts - before.unresolved_conflicts,
      entries: after.entries - before.entries,
    }).toEqual({
      // 15 values written and 3 imported, plus 2 bookkeeping facts per conflict (6 conflicts).
      facts: 18 + 12,
      // 2 + 3 + 4 contradicting, 2 names, 2 refs, 3 under decay; the expired ones are not live.
      live_values: 9 + 2 + 2 + 3,
      // Seven entities written and three imported; the conflicts' own entities are bookkeeping.
      entities: 10,
      contradicted_triples: 3,
      // A triple with N live values holds N − 1 unresolved conflicts.
      unresolved_conflicts: 1 + 2 + 3,
      // One entry per triple with a live value.
      entries: 3 + 2 + 2 + 3,
    });
    const delta = (check: string) => (after.findings[check] ?? 0) - (before.findings[check] ?? 0);
    expect(Object.fromEntries(['contradiction', 'stale', 'orphan', 'broken_ref', 'namespacing', 'injection', 'sensitive'].map((c) => [c, delta(c)]))).toEqual({
      contradiction: 3,
      stale: 2,
      orphan: 0,
      broken_ref: 2,
      namespacing: 0,
      injection: 0,
      sensitive: 0,
    });

    // Decay: reach and changes are different figures, each with its own field, and they agree with
    // the list of changes and the counts per policy.
    const dry = await sweep({ scope: SCOPE, mode: 'dry_run', policy_id: policyId });
    const changes = dry.dry_run_would_retract + dry.dry_run_would_reduce;
    expect({ reach: dry.facts_evaluated, changes }).toEqual({ reach: 3, changes: 1 });
    expect((dry.changes as unknown[]).length).toBe(changes);
    expect((dry.counts_by_policy as { would_retract: number; would_reduce: number }[]).reduce((n, c) => n + c.would_retract + c.would_reduce, 0)).toBe(changes);
  });
});
