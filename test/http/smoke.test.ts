import { describe, expect, it } from 'vitest';
import { writeFacts } from '@/lib/facts/write-facts';
import { getDb } from '@/lib/db/prisma';

describe('smoke', () => {
  it('writes', async () => {
    const a = await writeFacts([{ entity: 'e1', relation: 'memory:role', value: { type: 'string', v: 'CEO' }, source: 'agent:a', confidence: 1, scope: 'company', validUntil: null }], { mode: 'assert' });
    const b = await writeFacts([{ entity: 'e1', relation: 'memory:role', value: { type: 'string', v: 'CTO' }, source: 'agent:b', confidence: 1, scope: 'company', validUntil: null }], { mode: 'assert' });
    console.log(a.facts, b);
    const db = await getDb();
    console.log(await db.$queryRaw`select * from conflicts`);
    console.log(await db.$queryRaw`select entity, relation, value, confidence from value_heads`);
    expect(b.opened.length).toBe(1);
  });
});
