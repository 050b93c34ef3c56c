import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';

// One production build for the whole cluster suite (what `npm run build` makes, what `npm start`
// serves). An existing .next is reused unless a source file changed since it was built: a stale
// build would test code that is no longer there.

export const ROOT = path.resolve(__dirname, '../../..');
const BUILD_ID = path.join(ROOT, '.next', 'BUILD_ID');
const SOURCES = ['app', 'lib', 'components', 'prisma', 'public', 'instrumentation.ts', 'instrumentation-node.ts', 'proxy.ts', 'next.config.mjs', 'package-lock.json'];

/** The newest modification time under `entry` (a file or a folder, walked whole). */
function newestMtime(entry: string): number {
  if (!existsSync(entry)) return 0;
  const stat = statSync(entry);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const child of readdirSync(entry)) newest = Math.max(newest, newestMtime(path.join(entry, child)));
  return newest;
}

/** Why a build is needed, or null when .next is current. */
export function buildNeeded(): string | null {
  if (!existsSync(BUILD_ID)) return 'no build in .next';
  const built = statSync(BUILD_ID).mtimeMs;
  const changed = SOURCES.find((source) => newestMtime(path.join(ROOT, source)) > built);
  return changed ? `${changed} changed since the last build` : null;
}

export function ensureBuilt(log: (line: string) => void): void {
  const reason = buildNeeded();
  if (!reason) return log('cluster: reusing the build in .next');
  log(`cluster: ${reason}; next build…`);
  const started = Date.now();
  execFileSync(process.execPath, [path.join(ROOT, 'node_modules', 'next', 'dist', 'bin', 'next'), 'build'], { cwd: ROOT, stdio: ['ignore', 'ignore', 'inherit'] });
  log(`cluster: built in ${((Date.now() - started) / 1000).toFixed(0)} s`);
}
