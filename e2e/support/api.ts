import { type APIRequestContext, expect, type Page } from '@playwright/test';
import { E2E_ADMIN_KEY, E2E_BASE_URL } from './e2e-env';

// Test data goes in through the public API with the admin key, like an agent would write it.

export const adminHeaders = { authorization: `Bearer ${E2E_ADMIN_KEY}` };

export interface WireFact {
  id: string;
  entity: string;
  relation: string;
  value: { type: string; v?: unknown };
  confidence: number;
  scope: string;
  hlc: string;
}

export interface FactInput {
  entity: string;
  relation: string;
  value: { type: string; v?: unknown };
  source?: string;
  confidence?: number;
  scope?: string;
  valid_until?: string | null;
}

/** A suffix no other test (or earlier run against the same server) uses. */
export function uniqueSuffix(): string {
  return `${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 8)}`;
}

export async function assertFact(request: APIRequestContext, fact: FactInput): Promise<WireFact> {
  const response = await request.post('/v1/facts', { headers: adminHeaders, data: { source: 'e2e:playwright', scope: 'local', ...fact } });
  expect(response.status(), await response.text()).toBe(201);
  return response.json();
}

export async function createKey(
  request: APIRequestContext,
  input: { entity_uri: string; permissions: string[]; allowed_scopes: string[]; description?: string },
): Promise<{ id: string; key: string; entity_uri: string }> {
  const response = await request.post('/v1/auth/keys', { headers: adminHeaders, data: input });
  expect(response.status(), await response.text()).toBe(201);
  return response.json();
}

export async function unresolvedConflictId(request: APIRequestContext, entity: string): Promise<string> {
  const response = await request.get(`/v1/conflicts?status=unresolved&entity=${encodeURIComponent(entity)}`, { headers: adminHeaders });
  expect(response.status()).toBe(200);
  const { conflicts } = (await response.json()) as { conflicts: { conflict_id: string }[] };
  expect(conflicts).toHaveLength(1);
  return conflicts[0].conflict_id;
}

/** Two live values in one triple: the write path records a conflict for the pair. */
export async function createConflict(request: APIRequestContext, entity: string, a: string, b: string) {
  const factA = await assertFact(request, { entity, relation: 'owner', value: { type: 'string', v: a } });
  const factB = await assertFact(request, { entity, relation: 'owner', value: { type: 'string', v: b } });
  return { factA, factB, conflictId: await unresolvedConflictId(request, entity) };
}

/** Signs the browser context in without the form (the form has its own test). */
export async function signInViaApi(page: Page, key = E2E_ADMIN_KEY): Promise<void> {
  // As the sign-in form sends it: JSON from the dashboard's own origin (anything else is refused).
  const response = await page.request.post('/api/session', { data: { key }, headers: { origin: E2E_BASE_URL } });
  expect(response.status(), await response.text()).toBe(200);
}
