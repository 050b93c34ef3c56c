import { z } from 'zod';
import { authorize } from '@/lib/auth/principal';
import { runMaintenanceNow } from '@/lib/db/maintenance/maintenance-scheduler';
import { getMaintenanceStatus } from '@/lib/db/maintenance/maintenance-status';
import { apiRoute } from '@/lib/http/api-route';
import { methodNotAllowed } from '@/lib/http/method-not-allowed';

export const dynamic = 'force-dynamic';

export const GET = apiRoute({
  handler: async ({ principal }) => {
    authorize(principal, 'admin');
    return getMaintenanceStatus();
  },
});

const runSchema = z.strictObject({ every_table: z.boolean().default(false) });

/** Runs maintenance now: what is due, or with every_table every table; answers the run's report. */
export const POST = apiRoute({
  body: runSchema,
  invalidStatus: 400,
  handler: async ({ body, principal }) => {
    authorize(principal, 'admin');
    return runMaintenanceNow({ everyTable: body.every_table });
  },
});

export const { PUT, PATCH, DELETE } = methodNotAllowed('GET', 'POST');
