import { expect, it } from 'vitest';
import { getDb } from '@/lib/db/prisma';
import { describeHttp } from '../harness';

// The embedded database runs statements in this thread, and without help a request's run of
// statements never lets a macrotask through: a page's shell waited for its last card
// (lib/db/yield-between-statements.ts). Whatever was queued with setImmediate before a statement
// must have run by the time that statement answers, inside a transaction and outside one.

describeHttp('the event loop turns between statements', () => {
  it('outside a transaction', async () => {
    const db = await getDb();
    await db.$queryRaw`SELECT 1`;
    let turned = false;
    setImmediate(() => (turned = true));
    await db.$queryRaw`SELECT 2`;
    expect(turned).toBe(true);
  });

  it('between the statements of a transaction', async () => {
    const db = await getDb();
    const seen: boolean[] = [];
    await db.$transaction(async (tx) => {
      for (let i = 0; i < 3; i++) {
        let turned = false;
        setImmediate(() => (turned = true));
        await tx.$executeRaw`SELECT set_config('application_name', ${`turn-${i}`}, true)`;
        seen.push(turned);
      }
    });
    expect(seen).toEqual([true, true, true]);
  });
});
