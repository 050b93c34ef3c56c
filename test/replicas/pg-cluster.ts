import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { chownSync, closeSync, existsSync, mkdtempSync, openSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { freePort } from '../harness/free-port';

// A PostgreSQL primary and streaming replicas of it, started by the tests as their own child
// processes from the server binaries on the machine (Debian's /usr/lib/postgresql/<version>/bin):
// `initdb` into a temporary directory, `postgres` on a free port on 127.0.0.1, `pg_basebackup -R`
// for each replica. Nothing of the machine's own cluster is touched or copied (docs/scaling.md
// § Read replicas says why). PostgreSQL refuses to run as root, so under root every binary runs as
// the `postgres` OS user (spawned with its uid and gid, so a server is still our direct child and
// a signal reaches it); otherwise as the current user. Stopping a server removes its directory.

export interface PgBinaries {
  dir: string;
  initdb: string;
  postgres: string;
  pgBasebackup: string;
}

interface RunAs {
  uid: number;
  gid: number;
}

/** The bin directory holding initdb, postgres and pg_basebackup: STIGMEM_TEST_PG_BIN when set, else the newest Debian version, else PATH. */
export function findPgBinaries(): { binaries: PgBinaries } | { missing: string } {
  const candidates: string[] = [];
  const chosen = process.env.STIGMEM_TEST_PG_BIN;
  if (chosen) candidates.push(chosen);
  const debian = '/usr/lib/postgresql';
  if (!chosen && existsSync(debian)) {
    const versions = readdirSync(debian).filter((v) => /^\d+$/.test(v)).sort((a, b) => Number(b) - Number(a));
    candidates.push(...versions.map((v) => path.join(debian, v, 'bin')));
  }
  if (!chosen) candidates.push(...(process.env.PATH ?? '').split(':').filter(Boolean));
  for (const dir of candidates) {
    const [initdb, postgres, pgBasebackup] = ['initdb', 'postgres', 'pg_basebackup'].map((name) => path.join(dir, name));
    if ([initdb, postgres, pgBasebackup].every((file) => existsSync(file))) return { binaries: { dir, initdb, postgres, pgBasebackup } };
  }
  const where = chosen ? `STIGMEM_TEST_PG_BIN=${chosen}` : '/usr/lib/postgresql/*/bin and PATH';
  return { missing: `the PostgreSQL server binaries (initdb, postgres, pg_basebackup) are not installed (looked in ${where})` };
}

/** Whom the servers run as: the postgres OS user under root, else ourselves (null). */
export function serverUser(): { runAs: RunAs | null } | { missing: string } {
  if (process.getuid?.() !== 0) return { runAs: null };
  const line = readFileSync('/etc/passwd', 'utf8').split('\n').find((l) => l.startsWith('postgres:'));
  if (!line) return { missing: 'running as root and there is no postgres OS user to run the servers as (PostgreSQL refuses root)' };
  const [, , uid, gid] = line.split(':');
  return { runAs: { uid: Number(uid), gid: Number(gid) } };
}

export interface PgServer {
  role: 'primary' | 'replica';
  port: number;
  /** The postmaster's process id (the benchmark reads its CPU time). */
  pid: number;
  dataDir: string;
  url(database?: string): string;
  /** Fast shutdown (SIGINT); SIGKILL after 15 s. Leaves the directory. */
  stop(): Promise<void>;
  /** Stops the server and removes its data directory. */
  destroy(): Promise<void>;
}

export class PgCluster {
  readonly root: string;
  private readonly children = new Set<ChildProcess>();
  private readonly onExit = () => this.killNow();

  constructor(
    readonly binaries: PgBinaries,
    private readonly runAs: RunAs | null,
  ) {
    this.root = mkdtempSync(path.join(tmpdir(), 'stigmem-replicas-'));
    if (runAs) chownSync(this.root, runAs.uid, runAs.gid);
    // A test process that dies without its hooks (vitest killed, a crash) still takes its servers along.
    process.once('exit', this.onExit);
  }

  /** initdb and start a primary that accepts replication connections over 127.0.0.1 (trust). */
  async startPrimary(): Promise<PgServer> {
    const dataDir = path.join(this.root, 'primary');
    this.run(this.binaries.initdb, ['-D', dataDir, '-A', 'trust', '-U', 'postgres', '-E', 'UTF8', '--locale=C', '--no-sync', '--no-instructions']);
    // initdb's pg_hba.conf already lets local TCP connections replicate with trust.
    return this.startServer('primary', dataDir, ['-c', 'wal_level=replica', '-c', 'max_wal_senders=10']);
  }

  /** A streaming replica of `primary`: pg_basebackup -R, then a hot standby on its own port. */
  async startReplica(primary: Pick<PgServer, 'port'>, name: string): Promise<PgServer> {
    const dataDir = path.join(this.root, name);
    this.run(this.binaries.pgBasebackup, ['-h', '127.0.0.1', '-p', String(primary.port), '-U', 'postgres', '-D', dataDir, '-R', '-X', 'stream', '-c', 'fast', '--no-sync']);
    // Feedback keeps the primary's VACUUM from removing rows a long read on the replica still needs.
    const server = await this.startServer('replica', dataDir, ['-c', 'hot_standby=on', '-c', 'hot_standby_feedback=on']);
    return server;
  }

  /** Stops every server and removes the whole temporary directory. */
  async destroy(): Promise<void> {
    await Promise.all([...this.children].map((child) => stopChild(child)));
    rmSync(this.root, { recursive: true, force: true });
    process.removeListener('exit', this.onExit);
  }

  private killNow(): void {
    for (const child of this.children) child.kill('SIGKILL');
    rmSync(this.root, { recursive: true, force: true });
  }

  private run(command: string, args: string[]): void {
    try {
      execFileSync(command, args, { stdio: ['ignore', 'pipe', 'pipe'], env: serverEnv(), cwd: this.root, ...(this.runAs ?? {}) });
    } catch (error) {
      const stderr = (error as { stderr?: Buffer }).stderr?.toString() ?? '';
      throw new Error(`${path.basename(command)} failed: ${stderr.trim() || (error as Error).message}`, { cause: error });
    }
  }

  private async startServer(role: PgServer['role'], dataDir: string, settings: string[]): Promise<PgServer> {
    for (let attempt = 1; ; attempt++) {
      const port = await freePort(process.env.STIGMEM_TEST_PG_PORTS);
      const logFile = path.join(this.root, `${path.basename(dataDir)}.log`);
      const log = openSync(logFile, 'a');
      const args = ['-D', dataDir, '-p', String(port), '-c', 'listen_addresses=127.0.0.1', '-c', 'unix_socket_directories=', '-c', 'fsync=off', '-c', 'autovacuum=off', ...settings];
      const child = spawn(this.binaries.postgres, args, { stdio: ['ignore', log, log], env: serverEnv(), cwd: this.root, ...(this.runAs ?? {}) });
      closeSync(log);
      this.children.add(child);
      child.once('exit', () => this.children.delete(child));
      const url = (database = 'postgres') => `postgres://postgres@127.0.0.1:${port}/${database}`;
      try {
        await waitUntilAccepting(child, url(), role, logFile);
      } catch (error) {
        await stopChild(child);
        // Another process took the port between our check and the server's bind: try another.
        if (attempt < 3 && /could not bind|Address already in use/.test(readFileSync(logFile, 'utf8'))) continue;
        throw error;
      }
      const stop = () => stopChild(child);
      const destroy = async () => {
        await stop();
        rmSync(dataDir, { recursive: true, force: true });
      };
      return { role, port, pid: child.pid!, dataDir, url, stop, destroy };
    }
  }
}

/** A small environment of its own: nothing of ours (PG* variables, DATABASE_URL) reaches the servers. */
function serverEnv(): NodeJS.ProcessEnv {
  return { NODE_ENV: process.env.NODE_ENV, PATH: process.env.PATH, LANG: 'C', LC_ALL: 'C', TZ: 'UTC' };
}

async function waitUntilAccepting(child: ChildProcess, url: string, role: PgServer['role'], logFile: string): Promise<void> {
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null || child.signalCode !== null) throw new Error(`the ${role} exited while starting:\n${tail(logFile)}`);
    const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 1_000 });
    try {
      await client.connect();
      const { rows } = await client.query<{ recovery: boolean }>('SELECT pg_is_in_recovery() AS recovery');
      if (rows[0].recovery === (role === 'replica')) return;
    } catch {
      // still starting
    } finally {
      await client.end().catch(() => undefined);
    }
    if (Date.now() > deadline) throw new Error(`the ${role} did not accept connections within 60 s:\n${tail(logFile)}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

function tail(file: string): string {
  return existsSync(file) ? readFileSync(file, 'utf8').split('\n').slice(-15).join('\n') : '(no log)';
}

async function stopChild(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  child.kill('SIGINT');
  const timer = setTimeout(() => child.kill('SIGKILL'), 15_000);
  await exited;
  clearTimeout(timer);
}

/** Waits until the replica at `replicaUrl` has replayed everything the primary had written when this was called. */
export async function waitForReplay(primaryUrl: string, replicaUrl: string, timeoutMs = 30_000): Promise<void> {
  const query = async (url: string, sql: string) => {
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    try {
      return (await client.query<{ v: string | boolean }>(sql)).rows[0].v;
    } finally {
      await client.end();
    }
  };
  const target = await query(primaryUrl, 'SELECT pg_current_wal_lsn()::text AS v');
  const deadline = Date.now() + timeoutMs;
  while (!(await query(replicaUrl, `SELECT pg_last_wal_replay_lsn() >= '${target}'::pg_lsn AS v`))) {
    if (Date.now() > deadline) throw new Error(`${replicaUrl} did not replay up to ${target} within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}
