import { readdirSync, rmSync } from 'node:fs';
import path from 'node:path';

// Each run gets a fresh database folder under .e2e-data/<timestamp> (about 150 MB on PGlite), or
// .e2e-data/<timestamp>-<group> when `npm test` runs the specs in groups side by side
// (scripts/test.mjs). Folders of earlier runs are removed here, so the suite does not fill the
// disk; a folder with the current timestamp belongs to a group of this run and stays. The traces
// and screenshots of a failed run live in test-results/, not there.
const RUN_FOLDER = /^(\d+)(-\d+)?$/;

export default function globalSetup(): void {
  const current = process.env.E2E_DATA_DIR;
  if (!current) return;
  const root = path.dirname(current);
  const run = RUN_FOLDER.exec(path.basename(current))?.[1];
  if (path.basename(root) !== '.e2e-data' || !run) return;
  let entries: string[];
  try {
    entries = readdirSync(root);
  } catch {
    return;
  }
  for (const name of entries) {
    const match = RUN_FOLDER.exec(name);
    if (match && match[1] !== run) rmSync(path.join(root, name), { recursive: true, force: true });
  }
}
