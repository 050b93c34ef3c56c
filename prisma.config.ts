import path from 'node:path';
import { defineConfig } from 'prisma/config';

// Migrations are created and applied by scripts/db.ts through Prisma's wasm schema engine
// (the native engine cannot be downloaded on our machines); `prisma generate` only reads the schema.
export default defineConfig({
  schema: path.join('prisma', 'schema.prisma'),
  migrations: { path: path.join('prisma', 'migrations') },
});
