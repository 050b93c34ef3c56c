'use client';

import { useMutation } from '@tanstack/react-query';
import type { DryRunResult } from '@/lib/decay/sweep-request';
import { apiFetch } from '../../client/api-client';

/**
 * POST /v1/decay/sweep in dry_run mode for one fact: what the configured decay policies would do
 * to it now. Writes nothing; needs write access to the scope (a sweep's permission, §15.2).
 */
export function useDecayPreviewMutation() {
  return useMutation({
    mutationFn: ({ scope, factId }: { scope: string; factId: string }) =>
      apiFetch<DryRunResult>('/v1/decay/sweep', { method: 'POST', body: { scope, mode: 'dry_run', fact_id: factId, limit: 5 } }),
  });
}
