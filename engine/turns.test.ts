import { describe, expect, it } from 'vitest';
import { Busy } from './errors.js';
import { Turns } from './turns.js';

const settled = async (promise: Promise<unknown>) => {
  let state = 'pending';
  promise.then(() => (state = 'resolved'), () => (state = 'rejected'));
  await new Promise((resolve) => setImmediate(resolve));
  return state;
};

describe('Turns', () => {
  it('gives turns first come, first served, as earlier ones are given back', async () => {
    const turns = new Turns({ count: 2, maxWaitMs: Infinity, maxWaiting: Infinity }, 'tests');
    await turns.take();
    await turns.take();
    const order: number[] = [];
    const third = turns.take().then(() => order.push(3));
    const fourth = turns.take().then(() => order.push(4));
    expect(await settled(third)).toBe('pending');
    expect(turns.load).toEqual({ held: 2, waiting: 2 });
    turns.give();
    await third;
    expect(await settled(fourth)).toBe('pending');
    turns.give();
    await fourth;
    expect(order).toEqual([3, 4]);
    turns.give();
    turns.give();
    expect(turns.load).toEqual({ held: 0, waiting: 0 });
  });

  it('refuses at once when the queue is full, with a message and Retry-After', async () => {
    const turns = new Turns({ count: 1, maxWaitMs: 30_000, maxWaiting: 1 }, 'queries');
    await turns.take();
    const waiting = turns.take();
    const refused = await turns.take().catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(Busy);
    expect((refused as Busy).message).toBe('The server is busy: all 1 turns for queries are taken and 1 already wait; retry later');
    expect((refused as Busy).retryAfterSeconds).toBe(30);
    turns.give();
    await waiting;
    turns.give();
  });

  it('refuses a waiter after the longest wait and forgets it', async () => {
    const turns = new Turns({ count: 1, maxWaitMs: 50, maxWaiting: 10 }, 'queries');
    await turns.take();
    const refused = await turns.take().catch((error: unknown) => error);
    expect((refused as Busy).message).toBe('The server is busy: all 1 turns for queries are taken and none came free within 0.05 s; retry later');
    expect((refused as Busy).retryAfterSeconds).toBe(1);
    expect(turns.load).toEqual({ held: 1, waiting: 0 });
    // The refused waiter took nothing: the next one gets the turn given back.
    const next = turns.take();
    turns.give();
    await next;
    expect(turns.load).toEqual({ held: 1, waiting: 0 });
  });

  it('run gives the turn back when the work fails', async () => {
    const turns = new Turns({ count: 1, maxWaitMs: Infinity, maxWaiting: Infinity }, 'tests');
    await expect(turns.run(async () => { throw new Error('boom'); })).rejects.toThrow('boom');
    expect(await turns.run(async () => 7)).toBe(7);
    expect(turns.load).toEqual({ held: 0, waiting: 0 });
  });
});
