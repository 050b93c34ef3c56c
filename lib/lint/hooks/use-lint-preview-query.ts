'use client';

import { useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../client/api-client';
import { lintPreviewKey } from '../lint-job-keys';
import type { LintPreview } from '../lint-preview';

/**
 * The first findings of `scope` in lint's order while its lint job `jobId` runs (`enabled`): read once
 * per job. The scope page puts the preview it read on the server under the same key, so the browser
 * asks only after "Lint again" (or when the server's read was not back in time).
 */
export function useLintPreviewQuery(scope: string, jobId: string | null, enabled: boolean) {
  return useQuery({
    queryKey: lintPreviewKey(scope, jobId),
    queryFn: () => apiFetch<LintPreview>(`/api/scopes/${encodeURIComponent(scope)}/lint-preview`),
    enabled: enabled && jobId !== null,
    staleTime: Infinity,
    gcTime: 15 * 60_000,
  });
}
