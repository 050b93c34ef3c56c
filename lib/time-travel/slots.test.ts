import { describe, expect, it } from 'vitest';
import { createSlots } from './slots';

const tick = () => new Promise((resolve) => setTimeout(resolve, 1));

describe('slots', () => {
  it('runs at most `limit` at once, the rest in arrival order, and frees every slot', async () => {
    const slots = createSlots(2);
    let now = 0;
    let peak = 0;
    const order: number[] = [];
    const work = (n: number) =>
      slots.run(async () => {
        now++;
        peak = Math.max(peak, now);
        order.push(n);
        await tick();
        now--;
        return n;
      });
    const results = await Promise.all(Array.from({ length: 7 }, (_, n) => work(n)));
    expect(results).toEqual([0, 1, 2, 3, 4, 5, 6]);
    expect(peak).toBe(2);
    expect(order).toEqual([0, 1, 2, 3, 4, 5, 6]);
    expect([slots.running, slots.waiting]).toEqual([0, 0]);
  });

  it('frees the slot of a piece that throws', async () => {
    const slots = createSlots(1);
    await expect(slots.run(async () => Promise.reject(new Error('boom')))).rejects.toThrow('boom');
    expect(await slots.run(async () => 'next')).toBe('next');
    expect(slots.running).toBe(0);
  });
});
