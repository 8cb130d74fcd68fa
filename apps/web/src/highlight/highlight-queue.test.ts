import { describe, expect, it, vi } from 'vitest';
import { HighlightQueue } from './highlight-queue';
import type { WindowJob } from './highlight-window';

/** A queue whose yields wait for the test: `release()` lets it take its next step. */
function steppedQueue() {
  const waiting: (() => void)[] = [];
  const queue = new HighlightQueue(30, () => new Promise<void>((resolve) => waiting.push(resolve)));
  const settle = async () => {
    for (let turn = 0; turn < 10; turn += 1) await Promise.resolve();
  };
  const release = async () => {
    waiting.shift()?.();
    await settle();
  };
  return { queue, settle, release };
}

/** A job of `chunks` steps that logs its name at each. */
function job(name: string, chunks: number, log: string[]): Promise<WindowJob> {
  let left = chunks;
  return Promise.resolve({
    step: () => {
      log.push(name);
      left -= 1;
      return left > 0;
    },
  });
}

describe('HighlightQueue', () => {
  it('runs the most recently requested window first, then goes back to the older one', async () => {
    const { queue, settle, release } = steppedQueue();
    const log: string[] = [];
    const done = vi.fn();
    queue.add(1, job('old', 3, log), () => done('old'));
    queue.add(2, job('new', 3, log), () => done('new'));
    await settle();
    for (let step = 0; step < 6; step += 1) await release();
    expect(log).toEqual(['old', 'new', 'new', 'new', 'old', 'old']);
    expect(done.mock.calls).toEqual([['new'], ['old']]);
    expect(queue.size).toBe(0);
  });

  it('gives a window whose grammar was still loading its first chunk as soon as it is ready, before a newer window\'s later chunks', async () => {
    const { queue, settle, release } = steppedQueue();
    const log: string[] = [];
    // The first read of a page, in a language whose grammar is still loading; then a TypeScript read, ready at once.
    let grammarLoaded!: (job: WindowJob) => void;
    queue.add(1, new Promise<WindowJob>((resolve) => (grammarLoaded = resolve)), () => undefined);
    queue.add(2, job('newer', 3, log), () => undefined);
    await settle(); // 'newer' takes its first chunk
    grammarLoaded(await job('older', 3, log));
    await settle();
    for (let step = 0; step < 5; step += 1) await release();
    // The older card's rows on screen come after one chunk of the newer, not after all of it.
    expect(log).toEqual(['newer', 'older', 'newer', 'newer', 'older', 'older']);
  });

  it('drops a cancelled window between two chunks, without calling it done', async () => {
    const { queue, settle, release } = steppedQueue();
    const log: string[] = [];
    const done = vi.fn();
    queue.add(1, job('kept', 2, log), () => done('kept'));
    queue.add(2, job('gone', 5, log), () => done('gone'));
    await settle();
    await release(); // 'gone' takes its first chunk
    queue.cancel(2);
    for (let step = 0; step < 3; step += 1) await release();
    expect(log).toEqual(['kept', 'gone', 'kept']);
    expect(done.mock.calls).toEqual([['kept']]);
  });

  it('runs warm-ups only while no window waits', async () => {
    const { queue, settle, release } = steppedQueue();
    const log: string[] = [];
    queue.addBackground(() => job('warm', 3, log));
    await settle();
    queue.add(1, job('window', 2, log), () => undefined);
    for (let step = 0; step < 5; step += 1) await release();
    expect(log).toEqual(['warm', 'window', 'window', 'warm', 'warm']);
  });

  it('loads a warm-up\'s grammar only when no window is queued and the warm-ups before it are done', async () => {
    const { queue, settle, release } = steppedQueue();
    const log: string[] = [];
    const prepared: string[] = [];
    const warmUp = (name: string) => () => {
      prepared.push(name);
      return job(name, 2, log);
    };
    // The page's start: a window (its grammar loading) and then the likely languages' warm-ups.
    let grammarLoaded!: (job: WindowJob) => void;
    queue.add(1, new Promise<WindowJob>((resolve) => (grammarLoaded = resolve)), () => undefined);
    queue.addBackground(warmUp('typescript'));
    queue.addBackground(warmUp('python'));
    await settle();
    expect(prepared).toEqual([]); // nothing competes with the window's own grammar
    grammarLoaded(await job('window', 1, log));
    await settle();
    await release();
    expect(prepared).toEqual(['typescript']);
    for (let step = 0; step < 2; step += 1) await release();
    expect(prepared).toEqual(['typescript', 'python']);
    for (let step = 0; step < 2; step += 1) await release();
    expect(log).toEqual(['window', 'typescript', 'typescript', 'python', 'python']);
  });

  it('finishes a window without a grammar, or whose grammar throws, and goes on with the others', async () => {
    const { queue, settle, release } = steppedQueue();
    const log: string[] = [];
    const done = vi.fn();
    queue.add(1, Promise.resolve(undefined), () => done('none'));
    queue.add(2, job('fine', 2, log), () => done('fine'));
    queue.add(3, Promise.resolve({ step: () => { throw new Error('grammar'); } }), () => done('throws'));
    await settle();
    for (let step = 0; step < 4; step += 1) await release();
    expect(log).toEqual(['fine', 'fine']);
    expect(done.mock.calls).toEqual([['none'], ['throws'], ['fine']]);
  });
});
