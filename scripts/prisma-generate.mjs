// `prisma generate` only checks that PRISMA_SCHEMA_ENGINE_BINARY names an existing file; the
// native engine cannot be downloaded on our machines and generate never runs it. Point it at
// the Node binary so a fresh clone generates the client during `npm install`.
import { execFileSync } from 'node:child_process';
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);
const cli = require.resolve('prisma/build/index.js');
execFileSync(process.execPath, [cli, 'generate'], {
  stdio: 'inherit',
  env: { ...process.env, PRISMA_SCHEMA_ENGINE_BINARY: process.env.PRISMA_SCHEMA_ENGINE_BINARY || process.execPath, PRISMA_HIDE_UPDATE_MESSAGE: '1' },
});
