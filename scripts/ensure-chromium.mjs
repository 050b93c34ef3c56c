// End-to-end tests drive Debian's Chromium (Playwright's own browser download cannot reach its
// servers here). Installs it with apt-get when it is missing and we are root; otherwise explains.
import { execSync } from 'node:child_process';
import { existsSync } from 'node:fs';

export const CHROMIUM = process.env.CHROMIUM_PATH || '/usr/bin/chromium';

export function ensureChromium() {
  if (existsSync(CHROMIUM)) return true;
  if (typeof process.getuid === 'function' && process.getuid() !== 0) {
    console.error(`Chromium is not at ${CHROMIUM} and this user cannot install it: run "sudo apt-get install -y chromium" or set CHROMIUM_PATH.`);
    return false;
  }
  console.log('Installing Debian chromium for the end-to-end tests (apt-get, once per machine)...');
  try {
    execSync('apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium > /dev/null', { stdio: 'inherit', shell: '/bin/bash' });
  } catch {
    console.error('apt-get could not install chromium.');
  }
  return existsSync(CHROMIUM);
}

if (import.meta.url === `file://${process.argv[1]}`) process.exit(ensureChromium() ? 0 : 1);
