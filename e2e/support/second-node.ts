import type { ChildProcess } from 'node:child_process';
import { E2E_ADMIN_KEY } from './e2e-env';

// A second node beside the suite's server (the first-run guide on an empty node, the demo tour),
// started by the spec itself on the next port.

/** The environment of a second node: the suite's admin key, no scheduler, never a configured PostgreSQL. */
export function secondNodeEnv(settings: Record<string, string>): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { ...process.env, STIGMEM_ADMIN_KEY: E2E_ADMIN_KEY, STIGMEM_SCHEDULER: 'off', NEXT_TELEMETRY_DISABLED: '1', ...settings };
  delete env.DATABASE_URL;
  return env;
}

/** Waits until the node at `base` answers its discovery document; fails at once if `child` exits. */
export async function waitForNode(base: string, child: ChildProcess, what: string, tries: number): Promise<void> {
  for (let i = 0; i < tries; i++) {
    const up = await fetch(`${base}/.well-known/stigmem`)
      .then((r) => r.ok)
      .catch(() => false);
    if (up) return;
    if (child.exitCode !== null) throw new Error(`${what} exited with code ${child.exitCode}`);
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  throw new Error(`${what} did not start`);
}
