import path from 'node:path';

// Children that run TypeScript fixtures. Node itself runs them with tsx's loader, in one process:
// the tsx command line would start a second node process, and a SIGKILL (what the crash tests
// send) cannot be passed on, so that second process would live on holding the database.

const ROOT = path.resolve(__dirname, '../..');

/** [command, args] for `node --import tsx --conditions=react-server <fixture> …args` in the repository root. */
export function tsxChild(fixture: string, ...args: string[]): [string, string[]] {
  return [process.execPath, ['--import', 'tsx', '--conditions=react-server', path.join(ROOT, fixture), ...args]];
}
