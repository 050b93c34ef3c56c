import { readdirSync, rmSync } from 'node:fs';
import path from 'node:path';

// Each run gets a fresh database folder under .e2e-data/<timestamp> (about 150 MB on PGlite).
// Folders of earlier runs are removed here, so the suite does not fill the disk; the traces and
// screenshots of a failed run live in test-results/, not there.
export default function globalSetup(): void {
  const current = process.env.E2E_DATA_DIR;
  if (!current) return;
  const root = path.dirname(current);
  if (path.basename(root) !== '.e2e-data') return;
  let entries: string[];
  try {
    entries = readdirSync(root);
  } catch {
    return;
  }
  for (const name of entries) {
    if (/^\d+$/.test(name) && path.join(root, name) !== current) rmSync(path.join(root, name), { recursive: true, force: true });
  }
}
