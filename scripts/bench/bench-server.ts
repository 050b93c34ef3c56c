import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { freePort } from '../../test/harness/free-port';

// The product as a user runs it: `next build` once, then `next start` (what `npm start` runs) as a
// child process on a free port, pointed at a database by environment only. The server's peak RSS
// is sampled from /proc over its whole process tree, so a row can report what the node used.

/** The app served; BENCH_APP_ROOT points at another checkout (built there) to measure it the same way, such as the commit before a change. */
const ROOT = process.env.BENCH_APP_ROOT ? path.resolve(process.env.BENCH_APP_ROOT) : path.resolve(__dirname, '..', '..');
export const BENCH_ADMIN_KEY = 'bench-admin-key-0123456789abcdef0123456789';

/** `next build`, unless --no-build says the .next folder is current. */
export function ensureBuilt(skip: boolean, log: (line: string) => void): void {
  if (skip && existsSync(path.join(ROOT, '.next', 'BUILD_ID'))) return log('  using the existing build (.next)');
  log('  next build…');
  execFileSync(process.execPath, [path.join(ROOT, 'node_modules', 'next', 'dist', 'bin', 'next'), 'build'], { cwd: ROOT, stdio: ['ignore', 'ignore', 'inherit'] });
}

/** Resident memory (MB) of a process and all its descendants, from /proc. */
function treeRssMb(pid: number): number {
  let kb = 0;
  const children = new Map<number, number[]>();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      children.set(ppid, [...(children.get(ppid) ?? []), Number(entry)]);
    } catch {
      // the process ended while we looked
    }
  }
  const visit = (p: number) => {
    try {
      const match = /VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${p}/status`, 'utf8'));
      kb += match ? Number(match[1]) : 0;
    } catch {
      return;
    }
    for (const child of children.get(p) ?? []) visit(child);
  };
  visit(pid);
  return kb / 1024;
}

export interface BenchServer {
  url: string;
  /** Peak RSS of the server since the last call (or since start), then resets the peak. */
  takePeakRssMb(): number;
  /** Whether the server process is gone, and the tail of what it wrote to stderr (for a failure's message). */
  exited(): { code: number | null; signal: string | null; stderr: string } | null;
  stop(): Promise<void>;
}

/** `port`: a given one instead of any free port (a shared machine hands out port ranges); `nodeArgs`: Node's own flags for the server (`--cpu-prof`, say). */
export async function startServer(env: Record<string, string>, log: (line: string) => void, port?: number, nodeArgs: string[] = []): Promise<BenchServer> {
  port ??= await freePort();
  const child: ChildProcess = spawn(process.execPath, [...nodeArgs, path.join(ROOT, 'node_modules', 'next', 'dist', 'bin', 'next'), 'start', '-p', String(port), '-H', '127.0.0.1'], {
    cwd: ROOT,
    env: { ...process.env, DATABASE_URL: '', STIGMEM_DATA_DIR: '', ...env, STIGMEM_ADMIN_KEY: BENCH_ADMIN_KEY, NODE_ENV: 'production' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  // The tail of its output for a failure message: the node logs JSON lines on stdout (a failed start
  // at level fatal), Next its own errors on stderr.
  let stderr = '';
  const keep = (chunk: Buffer) => (stderr = (stderr + chunk.toString()).slice(-4000));
  child.stdout!.on('data', keep);
  child.stderr!.on('data', keep);
  const url = `http://127.0.0.1:${port}`;
  let peak = 0;
  const sampler = setInterval(() => (peak = Math.max(peak, treeRssMb(child.pid!))), 100);
  const deadline = Date.now() + 120_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the server exited with code ${child.exitCode}: ${stderr}`);
    try {
      const res = await fetch(`${url}/v1/auth/keys`, { headers: { authorization: `Bearer ${BENCH_ADMIN_KEY}` } });
      if (res.ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error(`the server did not answer within 120 s: ${stderr}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  log(`    server up at ${url}`);
  return {
    url,
    takePeakRssMb() {
      const value = Math.max(peak, treeRssMb(child.pid!));
      peak = 0;
      return value;
    },
    exited: () => (child.exitCode !== null || child.signalCode !== null ? { code: child.exitCode, signal: child.signalCode, stderr } : null),
    async stop() {
      clearInterval(sampler);
      if (child.exitCode !== null) return;
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 15_000);
      await exited;
      clearTimeout(timer);
    },
  };
}
