import { describe, expect, it, vi } from 'vitest';
import { SlotQueue } from './slot-queue';

const live = () => new AbortController().signal;

describe('SlotQueue', () => {
  it('admits up to the limit at once and the rest in arrival order as slots free', async () => {
    const slots = new SlotQueue();
    const admitted: string[] = [];
    const take = (name: string) => slots.acquire(2, live()).then((outcome) => admitted.push(`${name}:${outcome}`));
    const all = ['a', 'b', 'c', 'd'].map(take);
    await Promise.all(all.slice(0, 2));
    expect(admitted).toEqual(['a:acquired', 'b:acquired']);
    expect(slots.queued).toBe(2);
    slots.release();
    await all[2];
    expect(admitted).toEqual(['a:acquired', 'b:acquired', 'c:acquired']);
    slots.release();
    await all[3];
    expect(admitted.at(-1)).toBe('d:acquired');
    expect(slots.active).toBe(2);
  });

  it('says when a caller has to wait, and only then', async () => {
    const slots = new SlotQueue();
    const queued: string[] = [];
    await slots.acquire(1, live(), { onQueued: () => queued.push('first') });
    void slots.acquire(1, live(), { onQueued: () => queued.push('second') });
    expect(queued).toEqual(['second']);
  });

  it('lets an aborted waiter leave at once without a slot, and admits the one behind it', async () => {
    const slots = new SlotQueue();
    await slots.acquire(1, live());
    const controller = new AbortController();
    const aborted = slots.acquire(1, controller.signal);
    const behind = slots.acquire(1, live());
    controller.abort();
    expect(await aborted).toBe('aborted');
    expect(slots.queued).toBe(1);
    slots.release();
    expect(await behind).toBe('acquired');
    expect(slots.active).toBe(1);
    expect(await slots.acquire(1, controller.signal)).toBe('aborted');
  });

  it('times a waiter out only when given a timeout', async () => {
    vi.useFakeTimers();
    try {
      const slots = new SlotQueue();
      await slots.acquire(1, live());
      const timed = slots.acquire(1, live(), { timeoutMs: 100 });
      let untimedOutcome: string | undefined;
      const untimed = slots.acquire(1, live()).then((outcome) => (untimedOutcome = outcome));
      await vi.advanceTimersByTimeAsync(60_000);
      expect(await timed).toBe('timeout');
      expect(untimedOutcome).toBeUndefined();
      slots.release();
      expect(await untimed).toBe('acquired');
    } finally {
      vi.useRealTimers();
    }
  });
});
