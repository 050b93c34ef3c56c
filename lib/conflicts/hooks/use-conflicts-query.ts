'use client';

import { useQuery } from '@tanstack/react-query';
import type { ConflictRecord } from '@/lib/conflicts/conflict-record';
import { conflictsApiPath, type QueueFilters } from '@/lib/conflicts/view/queue-filters';
import { apiFetch } from '../../client/api-client';
import { queryKeys } from '../../client/query-keys';

export interface ConflictsPage {
  conflicts: ConflictRecord[];
  cursor: string | null;
}

/** GET /v1/conflicts for one queue view; the server page hands over the first answer. */
export function useConflictsQuery(filters: QueueFilters, options: { initialData?: ConflictsPage; initialDataUpdatedAt?: number } = {}) {
  const path = conflictsApiPath(filters);
  return useQuery({
    queryKey: [...queryKeys.conflicts, 'list', path],
    queryFn: () => apiFetch<ConflictsPage>(path),
    initialData: options.initialData,
    initialDataUpdatedAt: options.initialDataUpdatedAt,
  });
}
