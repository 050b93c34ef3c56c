import { sqlState } from '../db/sql-state';
import { logger } from '../observability/logger';

// Database failures that are about resources, not about the request: the client may try again
// later, so they answer 503 with Retry-After instead of a 500 (docs/api.md § Limits). PGlite runs
// in a WebAssembly heap with a hard ceiling and reports exhausting it as PostgreSQL's 53200; a
// PostgreSQL server says the same, or 53100 (disk full) and 53300 (too many connections).


const RESOURCE_CODES: Record<string, { code: string; detail: string; retryAfter: number }> = {
  '53200': { code: 'database_out_of_memory', detail: 'the database ran out of memory for this request; try again, or narrow it (a smaller page, one scope, a job)', retryAfter: 5 },
  '53100': { code: 'database_disk_full', detail: 'the database has no disk space left; an operator must free some', retryAfter: 60 },
  '53300': { code: 'database_busy', detail: 'the database has no connection to spare; try again shortly', retryAfter: 2 },
  '57P03': { code: 'database_starting', detail: 'the database is starting up; try again shortly', retryAfter: 2 },
  // A writer that waited too long for the locks of its entities or scopes (write-locks.ts sets lock_timeout).
  '55P03': { code: 'write_lock_busy', detail: 'other writes held the locks of the same entities or scope too long; try again shortly', retryAfter: 2 },
};

/** Prisma's interactive transaction outran TX_OPTIONS (waiting for a connection, or running). */
const TRANSACTION_TIMEOUT = { code: 'transaction_timeout', detail: 'the request ran out of time inside its transaction and wrote nothing; try again, or send less at once', retryAfter: 5 };

function prismaCode(error: unknown): string | null {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' ? code : null;
}


/** 503 with Retry-After for a resource failure of the database or a transaction that timed out, else null. Logged once, as a warning. */
export function databaseErrorResponse(error: unknown): Response | null {
  const state = prismaCode(error) === 'P2028' ? 'P2028' : sqlState(error);
  const known = state === 'P2028' ? TRANSACTION_TIMEOUT : state ? RESOURCE_CODES[state] : undefined;
  if (!known) return null;
  logger().warn({ sqlstate: state, reason: error instanceof Error ? error.message.split('\n')[0] : String(error) }, 'database refused the statement; answered 503');
  return Response.json({ error: known.code, detail: known.detail }, { status: 503, headers: { 'retry-after': String(known.retryAfter) } });
}
