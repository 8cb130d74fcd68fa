import { describe, expect, it } from 'vitest';
import { AssistantTextBatcher } from './assistant-text-batcher';

const tick = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

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
    const emitted: string[] = [];
    const batcher = new AssistantTextBatcher((delta) => emitted.push(delta), 20);
    batcher.add('Hel');
    batcher.add('lo');
    expect(emitted).toEqual([]);
    await tick(40);
    expect(emitted).toEqual(['Hello']);
    batcher.add(' world');
    await batcher.flush();
    expect(emitted).toEqual(['Hello', ' world']);
  });

  it('keeps order with a slow async emit', async () => {
    const emitted: string[] = [];
    const batcher = new AssistantTextBatcher(async (delta) => {
      await tick(delta === 'first' ? 15 : 0);
      emitted.push(delta);
    }, 0);
    batcher.add('first');
    batcher.add('second');
    await batcher.flush();
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
