'use client';

import { useMutation } from '@tanstack/react-query';
import { apiFetch } from '@/lib/client/api-client';
import type { MaintenanceRun } from '@/lib/db/maintenance/run-maintenance';

/** POST /v1/admin/maintenance (admin): runs what is due, or every table; answers the run's report. */
export function useRunMaintenanceMutation() {
  return useMutation({
    mutationFn: (everyTable: boolean) => apiFetch<MaintenanceRun>('/v1/admin/maintenance', { method: 'POST', body: { every_table: everyTable } }),
  });
}
