import { type APIRequestContext, expect } from '@playwright/test';
import { adminHeaders } from './api';

// Data for the synthesis journeys: snapshots saved through the API (the "earlier" one a test
// compares against) and a look at one entity's synthesis entries.

export async function saveSnapshot(request: APIRequestContext, scope: string, label: string): Promise<{ snapshot_id: string; label: string }> {
  const response = await request.post('/v1/synthesis/snapshots', { headers: adminHeaders, data: { scope, label } });
  expect(response.status(), await response.text()).toBe(201);
  return response.json();
}

export async function deleteSnapshot(request: APIRequestContext, snapshotId: string): Promise<void> {
  const response = await request.delete(`/v1/synthesis/snapshots/${encodeURIComponent(snapshotId)}`, { headers: adminHeaders });
  expect([204, 404]).toContain(response.status());
}

export async function snapshotIdsByLabel(request: APIRequestContext, scope: string, labels: string[]): Promise<string[]> {
  const response = await request.get(`/v1/synthesis/snapshots?scope=${scope}`, { headers: adminHeaders });
  expect(response.status()).toBe(200);
  const { snapshots } = (await response.json()) as { snapshots: { snapshot_id: string; label: string | null }[] };
  return snapshots.filter((s) => s.label && labels.includes(s.label)).map((s) => s.snapshot_id);
}
