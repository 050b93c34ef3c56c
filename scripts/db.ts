import { createMigration, applyMigrations } from '../lib/db/schema-engine';
import { openMigrationAdapter, describeDatabase } from '../lib/db/connection';

// npm run db:migrate            apply pending migrations to DATABASE_URL or the embedded PGlite
// npm run db:migration -- name  write a new migration from prisma/schema.prisma
async function main() {
  const [command, name] = process.argv.slice(2);
  const { factory, close } = await openMigrationAdapter();
  try {
    if (command === 'migrate') {
      const applied = await applyMigrations(factory);
      console.log(applied.length ? `applied ${applied.join(', ')} to ${describeDatabase()}` : `${describeDatabase()} is up to date`);
    } else if (command === 'migration') {
      if (!name) throw new Error('usage: npm run db:migration -- <name>');
      const folder = await createMigration(factory, name);
      console.log(folder ? `wrote prisma/migrations/${folder}/migration.sql` : 'schema and migrations agree: nothing to write');
    } else {
      throw new Error(`unknown command ${command ?? '(none)'}; use migrate or migration`);
    }
  } finally {
    await close();
  }
}

main().catch((error: Error) => {
  console.error(error.message);
  process.exit(1);
});
