import { describe, expect, it, vi } from 'vitest';
import { AssistantTextBatcher } from './assistant-text-batcher';

describe('AssistantTextBatcher', () => {
  it('emits every delta at once with a zero interval', async () => {
    const emitted: string[] = [];
    const batcher = new AssistantTextBatcher((delta) => emitted.push(delta), 0);
    batcher.add('a');
    batcher.add('');
    batcher.add('b');
    await batcher.flush();
    expect(emitted).toEqual(['a', 'b']);
  });

  it('joins deltas that arrive within one interval, and emits them without waiting for more', async () => {
    vi.useFakeTimers();
    try {
      const emitted: string[] = [];
      const batcher = new AssistantTextBatcher((delta) => emitted.push(delta), 20);
      batcher.add('Hel');
      await vi.advanceTimersByTimeAsync(19);
      batcher.add('lo');
      expect(emitted).toEqual([]);
      await vi.advanceTimersByTimeAsync(1); // one interval after the first delta, with nothing more coming
      expect(emitted).toEqual(['Hello']);
      batcher.add(' world');
      await batcher.flush();
      expect(emitted).toEqual(['Hello', ' world']);
    } finally {
      vi.useRealTimers();
    }
  });

  it('keeps order with a slow async emit', async () => {
    const emitted: string[] = [];
    let finishFirst: () => void = () => {};
    const firstFinished = new Promise<void>((resolve) => (finishFirst = resolve));
    const batcher = new AssistantTextBatcher(async (delta) => {
      if (delta === 'first') await firstFinished;
      emitted.push(delta);
    }, 0);
    batcher.add('first');
    batcher.add('second');
    const flushed = batcher.flush();
    // However long the first emit takes, the second waits for it.
    await new Promise((resolve) => setImmediate(resolve));
    expect(emitted).toEqual([]);
    finishFirst();
    await flushed;
    expect(emitted).toEqual(['first', 'second']);
  });

  it('reports a failed emit on flush and emits nothing after it', async () => {
    const emitted: string[] = [];
    const batcher = new AssistantTextBatcher((delta) => {
      if (delta === 'bad') throw new Error('log closed');
      emitted.push(delta);
    }, 0);
    batcher.add('bad');
    batcher.add('later');
    await expect(batcher.flush()).rejects.toThrow('log closed');
    expect(emitted).toEqual([]);
  });
});
