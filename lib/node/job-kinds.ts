import { decayJob } from '../decay/sweep-scope';
import type { JobKind, StoredJobDefinition } from '../jobs/job-definition';
import { historyJob } from '../health-history/rebuild-history';
import { lintJob } from '../lint/lint-scope';

// Every kind of job, so that an instance can run one it did not accept from its stored row. Handed
// to the job worker at start (lib/jobs knows how to run a job, not which jobs there are).
export const JOB_DEFINITIONS: Record<JobKind, StoredJobDefinition> = { lint: lintJob, decay: decayJob, history: historyJob };
