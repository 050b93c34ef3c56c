import { z } from 'zod';
import { runMaintenanceNow } from '@/lib/db/maintenance/maintenance-scheduler';
import { getMaintenanceStatus } from '@/lib/db/maintenance/maintenance-status';
import { GLOBAL } from '@/lib/auth/authority';
import { apiRoute } from '@/lib/http/api-route';
import { methodNotAllowed } from '@/lib/http/method-not-allowed';
import { MaintenanceRunReport, MaintenanceStatus } from '@/lib/wire/node';

export const dynamic = 'force-dynamic';

// The node's own tables hold every scope's rows: their figures and maintenance are global.
export const GET = apiRoute({
  permission: 'admin',
  scope: GLOBAL,
  response: MaintenanceStatus,
  handler: () => getMaintenanceStatus(),
});

const runSchema = z.strictObject({ every_table: z.boolean().default(false) });

/** Runs maintenance now: what is due, or with every_table every table; answers the run's report. */
export const POST = apiRoute({
  permission: 'admin',
  body: runSchema,
  scope: GLOBAL,
  invalidStatus: 400,
  audit: { action: 'maintenance.run' },
  response: MaintenanceRunReport,
  handler: ({ body }) => runMaintenanceNow({ everyTable: body.every_table }),
});

export const { PUT, PATCH, DELETE, OPTIONS } = methodNotAllowed('GET', 'POST');
