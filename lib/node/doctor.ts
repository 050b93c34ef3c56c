import { config } from '../config/config';
import { databaseKind } from '../db/connection';
import { getDb } from '../db/prisma';
import { NODE_VERSION } from './node-info';

// GET /v1/doctor (no key; the reference node's operator posture check): coarse health and how the
// node is set up, every value a word from a fixed set. It names no key, secret, scope, entity, URL,
// host or database location, and no count of anything stored: whoever can reach the node may call it.

export interface DoctorReport extends Record<string, string> {
  /** `ok`, or `degraded` when the database does not answer. */
  status: 'ok' | 'degraded';
  version: string;
  database: 'ok' | 'unavailable';
  /** `postgres` (DATABASE_URL) or `embedded` (PGlite). */
  storage: 'postgres' | 'embedded';
  auth: 'required' | 'none';
  /** Whether keys are held to their scopes: `open` when auth is off (every caller may do everything). */
  scope_acl: 'enforced' | 'open';
  federation: 'disabled';
  source_attestation: 'off';
  /** GET /metrics without a key (STIGMEM_METRICS_PUBLIC), or with a key (its readable scopes). */
  metrics: 'public' | 'key_required';
  /** node_url in /.well-known/stigmem: STIGMEM_NODE_URL, or the request's validated Host. */
  node_url: 'configured' | 'from_request';
  scheduler: 'on' | 'off';
}

async function databaseAnswers(): Promise<boolean> {
  try {
    await (await getDb()).$queryRaw`SELECT 1`;
    return true;
  } catch {
    // The cause goes to the server log through the database layer, never to an anonymous caller.
    return false;
  }
}

export async function doctor(): Promise<DoctorReport> {
  const settings = config();
  const database = await databaseAnswers();
  return {
    status: database ? 'ok' : 'degraded',
    version: NODE_VERSION,
    database: database ? 'ok' : 'unavailable',
    storage: databaseKind() === 'postgres' ? 'postgres' : 'embedded',
    auth: settings.authRequired ? 'required' : 'none',
    scope_acl: settings.authRequired ? 'enforced' : 'open',
    federation: 'disabled',
    source_attestation: 'off',
    metrics: settings.metricsPublic ? 'public' : 'key_required',
    node_url: settings.node.url ? 'configured' : 'from_request',
    scheduler: settings.schedulerEnabled ? 'on' : 'off',
  };
}
