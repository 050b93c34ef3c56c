import { PGlite } from '@electric-sql/pglite';
import { PrismaPGlite } from 'pglite-prisma-adapter';
import { describe, expect, it } from 'vitest';
import { applyMigrations } from './schema-engine';

const timersKeepingAlive = () => process.getActiveResourcesInfo().filter((resource) => resource === 'Timeout').length;

describe('the migration engine', () => {
  // The engine never clears its timers; one it left behind held `npm run seed` and every child
  // process of the crash tests open for 10 s after their work was done.
  it('applies every migration to a fresh database and leaves no timer keeping the process alive', async () => {
    const db = new PGlite();
    try {
      const before = timersKeepingAlive();
      const applied = await applyMigrations(new PrismaPGlite(db));
      expect(applied.length).toBeGreaterThan(10);
      expect(timersKeepingAlive()).toBe(before);
      // Applying again finds nothing to do, and leaves nothing behind either.
      expect(await applyMigrations(new PrismaPGlite(db))).toEqual([]);
      expect(timersKeepingAlive()).toBe(before);
    } finally {
      await db.close();
    }
  }, 60_000);
});
