import { type APIRequestContext, expect, type Page } from '@playwright/test';
import { adminHeaders, createConflict, type FactInput, type WireFact } from './api';

// Data for the lint journeys (e2e/ui/lint.spec.ts), written through the public API.

/**
 * STIGMEM_ASYNC_THRESHOLD of the e2e server (playwright.config.ts webServer.env): scopes with more
 * facts lint in a background job. High enough that the scopes other specs write to stay below it.
 */
export const E2E_ASYNC_THRESHOLD = 4000;

/** The scope the large-scope journey fills past the threshold; no other spec writes to it. */
export const LARGE_SCOPE = 'company';

const PAST = '2020-01-01T00:00:00Z';

/** Writes facts in batches of at most 1,000 (the API's limit). */
export async function assertFacts(request: APIRequestContext, facts: FactInput[]): Promise<WireFact[]> {
  const written: WireFact[] = [];
  for (let i = 0; i < facts.length; i += 1000) {
    const batch = facts.slice(i, i + 1000).map((fact) => ({ source: 'e2e:playwright', scope: 'local', ...fact }));
    const response = await request.post('/v1/facts', { headers: adminHeaders, data: { facts: batch } });
    expect(response.status(), await response.text()).toBe(201);
    written.push(...((await response.json()) as { facts: WireFact[] }).facts);
  }
  return written;
}

/** A value that expired but was never retracted (a stale warning), beside a live value of the same entity (so it is not an orphan). */
export async function createStaleFinding(request: APIRequestContext, entity: string, scope = 'local') {
  const [live, stale] = await assertFacts(request, [
    { entity, relation: 'memory:name', value: { type: 'string', v: 'still here' }, scope },
    { entity, relation: 'promo:banner', value: { type: 'string', v: 'spring sale' }, valid_until: PAST, scope },
  ]);
  return { live, stale };
}

/** A live ref to an entity that has no facts: a broken_ref warning. */
export async function createBrokenRef(request: APIRequestContext, entity: string, target: string, scope = 'local') {
  const [ref] = await assertFacts(request, [{ entity, relation: 'memory:link', value: { type: 'ref', v: target }, scope }]);
  return ref;
}

/**
 * One finding of each kind around `entity` in scope local: a contradiction on its owner (alice vs
 * `b`), a stale value on `entity:stale` and a broken ref from `entity:ref` to e2e:missing:<suffix>.
 */
export async function createOneOfEachFinding(request: APIRequestContext, entity: string, suffix: string, b = 'bob') {
  const conflict = await createConflict(request, entity, 'alice', b);
  await createStaleFinding(request, `${entity}:stale`);
  await createBrokenRef(request, `${entity}:ref`, `e2e:missing:${suffix}`);
  return conflict;
}

/**
 * The large-scope page polls its lint job through the dashboard's paging endpoint, and the job may
 * finish before the first poll: answers that poll with the job still running at `progress`, and
 * holds the later ones until `release()`, so the progress bar can be seen; `polls()` counts them.
 */
export async function holdLintJobRunning(page: Page, progress: number): Promise<{ release: () => void; polls: () => number }> {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  let polls = 0;
  await page.route('**/api/lint-jobs/*/findings*', async (route) => {
    if (polls++ === 0) {
      const answer = await (await route.fetch()).json();
      return route.fulfill({ json: { job: { ...answer.job, status: 'running', progress }, page: null } });
    }
    await released;
    return route.continue();
  });
  return { release, polls: () => polls };
}

export async function scopeFactCount(request: APIRequestContext, scope: string): Promise<number> {
  const response = await request.get(`/api/health?scope=${scope}`, { headers: adminHeaders });
  expect(response.status(), await response.text()).toBe(200);
  const { scopes } = (await response.json()) as { scopes: { fact_count: number }[] };
  return scopes[0].fact_count;
}

/** Fills `scope` with healthy filler facts until it is above the async threshold. */
export async function fillAboveThreshold(request: APIRequestContext, scope: string, suffix: string): Promise<void> {
  const missing = E2E_ASYNC_THRESHOLD + 20 - (await scopeFactCount(request, scope));
  if (missing > 0) {
    await assertFacts(
      request,
      Array.from({ length: missing }, (_, i) => ({ entity: `e2e:bulk:${suffix}:${i}`, relation: 'bulk:n', value: { type: 'number', v: i }, scope })),
    );
  }
  const lint = await request.post('/v1/lint', { headers: adminHeaders, data: { scope } });
  expect(lint.status(), `POST /v1/lint on ${scope} should answer 202: is STIGMEM_ASYNC_THRESHOLD ${E2E_ASYNC_THRESHOLD} on the e2e server?`).toBe(202);
}
