import { reloadConfig } from '@/lib/config/config';

/** Sets (or, with undefined, removes) environment variables and has the node read its configuration again. */
export function setEnv(vars: Record<string, string | undefined>): void {
  for (const [name, value] of Object.entries(vars)) {
    if (value === undefined) delete process.env[name];
    else process.env[name] = value;
  }
  reloadConfig();
}
