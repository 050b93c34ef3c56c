import { getDb } from '../db/prisma';

/** Whether anyone has written to this node yet (any scope): a node without facts gets the first-run guide. */
export async function nodeHasFacts(): Promise<boolean> {
  const [row] = await (await getDb()).$queryRaw<{ any: boolean }[]>`SELECT EXISTS (SELECT 1 FROM facts) AS any`;
  return Boolean(row?.any);
}
