import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import pg from 'pg';
import { TEST_ADMIN_KEY } from '../../harness/constants';
import { ROOT } from './build';
import { freePort } from '../../harness/free-port';

// Many app instances on one PostgreSQL database, each a real `next start` process (what `npm start`
// runs) on a port of its own, configured by environment only. A cluster owns a fresh database,
// created with it and dropped by stop(), which also kills every instance it started.

export interface Answer {
  status: number;
  body: any; // eslint-disable-line @typescript-eslint/no-explicit-any -- JSON of many shapes; each test reads the fields it asserts
  headers: Headers;
}

export interface Instance {
  /** Its place in the cluster's start order (0, 1, 2, …; a restart gets a new one). */
  index: number;
  url: string;
  /** The instance id it reports (GET /v1/admin/cluster): the holder named in leases and job claims. */
  id: string;
  child: ChildProcess;
  call(method: string, route: string, body?: unknown, options?: { key?: string | null; headers?: Record<string, string> }): Promise<Answer>;
  /** SIGKILL (as `kill -9`), resolved once the process is gone. */
  kill(): Promise<void>;
  alive(): boolean;
  /** The tail of its output, for a failure message. */
  output(): string;
}

export interface Cluster {
  databaseUrl: string;
  instances: Instance[];
  /** Starts one more instance on the cluster's database. */
  start(): Promise<Instance>;
  live(): Instance[];
  stop(): Promise<void>;
}

export interface ClusterOptions {
  size: number;
  /** Server holding the cluster's database (an admin URL; the database is created there). */
  serverUrl: string;
  /** Environment of every instance on top of the cluster's own (DATABASE_URL, the admin key). */
  env?: Record<string, string>;
  /** First port; each instance takes the next one. Free ports from the system when unset. */
  firstPort?: number;
}

async function admin(serverUrl: string, sql: string): Promise<void> {
  const client = new pg.Client({ connectionString: serverUrl, connectionTimeoutMillis: 5_000 });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

async function call(url: string, method: string, route: string, body?: unknown, options: { key?: string | null; headers?: Record<string, string> } = {}): Promise<Answer> {
  const key = options.key === undefined ? TEST_ADMIN_KEY : options.key;
  const headers: Record<string, string> = { ...options.headers };
  if (key !== null) headers.authorization = `Bearer ${key}`;
  if (body !== undefined) headers['content-type'] = 'application/json';
  const res = await fetch(`${url}${route}`, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
  const text = await res.text();
  return { status: res.status, body: text && res.headers.get('content-type')?.includes('json') ? JSON.parse(text) : text || null, headers: res.headers };
}

const READY_WITHIN_MS = 180_000;

/** Every instance this test process started: killed when it exits, however it exits (a timed-out hook, a crash). */
const spawned = new Set<ChildProcess>();
process.once('exit', () => {
  for (const child of spawned) child.kill('SIGKILL');
});

async function startInstance(index: number, port: number, env: Record<string, string>, track: (child: ChildProcess) => void): Promise<Instance> {
  const child = spawn(process.execPath, [path.join(ROOT, 'node_modules', 'next', 'dist', 'bin', 'next'), 'start', '-p', String(port), '-H', '127.0.0.1'], {
    cwd: ROOT,
    // Only what the instance needs: never the test process's own database settings.
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '/tmp', NODE_ENV: 'production', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  spawned.add(child);
  child.once('exit', () => spawned.delete(child));
  track(child);
  let output = '';
  const keep = (chunk: Buffer) => (output = (output + chunk.toString()).slice(-8_000));
  child.stdout!.on('data', keep);
  child.stderr!.on('data', keep);
  const url = `http://127.0.0.1:${port}`;
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const deadline = Date.now() + READY_WITHIN_MS;
  let id = '';
  while (!id) {
    if (child.exitCode !== null || child.signalCode !== null) throw new Error(`instance ${index} exited before it was ready:\n${output}`);
    // Ready = set up and answering with its database: the admin key works and it names itself.
    const answer = await call(url, 'GET', '/v1/admin/cluster').catch(() => null);
    if (answer?.status === 200) id = answer.body.instance_id;
    else if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`instance ${index} was not ready within ${READY_WITHIN_MS / 1000} s:\n${output}`);
    } else await new Promise((resolve) => setTimeout(resolve, 250));
  }
  return {
    index,
    url,
    id,
    child,
    call: (method, route, body, options) => call(url, method, route, body, options),
    kill: async () => {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
      await exited;
    },
    alive: () => child.exitCode === null && child.signalCode === null,
    output: () => output,
  };
}

/** A fresh database and no instance yet: start() adds them; stop() kills every one and drops the database. */
export async function createCluster(options: Omit<ClusterOptions, 'size'>): Promise<Cluster> {
  const name = `inst_cluster_${randomBytes(5).toString('hex')}`;
  await admin(options.serverUrl, `CREATE DATABASE ${name}`);
  const databaseUrl = Object.assign(new URL(options.serverUrl), { pathname: `/${name}` }).toString();
  const env = { DATABASE_URL: databaseUrl, STIGMEM_ADMIN_KEY: TEST_ADMIN_KEY, STIGMEM_DB_POOL: '5', ...options.env };
  const instances: Instance[] = [];
  // Children from the moment they are spawned, so stop() kills one that never became ready too.
  const children: ChildProcess[] = [];
  let started = 0;
  const start = async () => {
    const index = started++;
    const port = options.firstPort ? options.firstPort + index : await freePort();
    const instance = await startInstance(index, port, env, (child) => children.push(child));
    instances.push(instance);
    return instance;
  };
  const cluster: Cluster = {
    databaseUrl,
    instances,
    start,
    live: () => instances.filter((i) => i.alive()),
    stop: async () => {
      await Promise.all(
        children.map(async (child) => {
          if (child.exitCode !== null || child.signalCode !== null) return;
          const exited = new Promise((resolve) => child.once('exit', resolve));
          child.kill('SIGKILL');
          await exited;
        }),
      );
      await admin(options.serverUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    },
  };
  return cluster;
}

/** `size` instances, started all at once as a deployment brings them up: they race through migrations and node setup. */
export async function startInstances(cluster: Cluster, size: number): Promise<void> {
  await Promise.all(Array.from({ length: size }, () => cluster.start()));
}
