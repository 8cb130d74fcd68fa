import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { HighlightChunkListener, HighlightRequest } from './highlighted-line';

/** Windows handed to the highlighter, with their chunk listener and whether they were cancelled. */
const started: { request: HighlightRequest; onChunk: HighlightChunkListener; cancelled: boolean }[] = [];

vi.mock('./highlight-client', () => ({
  startHighlight: (request: HighlightRequest, onChunk: HighlightChunkListener) => {
    const job = { request, onChunk, cancelled: false };
    started.push(job);
    return () => {
      job.cancelled = true;
    };
  },
}));

// The registry is per page: each test gets a fresh module.
async function freshWindows() {
  vi.resetModules();
  return import('./highlight-windows');
}

const token = (text: string) => [{ text, light: '#cf222e', dark: '#ff7b72' }];
const microtasks = () => new Promise<void>((resolve) => queueMicrotask(resolve));

describe('highlight windows', () => {
  beforeEach(() => {
    started.length = 0;
  });

  it('hands a prefetched window to the card that holds it later, with what already arrived', async () => {
    const { prefetchHighlight, highlightedSoFar, holdHighlight } = await freshWindows();
    prefetchHighlight('typescript', ['a', 'b', 'c']);
    started[0]!.onChunk(0, [token('a')]);
    // The card's own array of the same lines.
    const texts = ['a', 'b', 'c'];
    expect(highlightedSoFar('typescript', texts)).toEqual([token('a'), undefined, undefined]);
    const onLines = vi.fn();
    holdHighlight('typescript', texts, onLines);
    expect(onLines).toHaveBeenLastCalledWith([token('a'), undefined, undefined]);
    started[0]!.onChunk(1, [token('b'), token('c')]);
    expect(onLines).toHaveBeenLastCalledWith([token('a'), token('b'), token('c')]);
    expect(started).toHaveLength(1);
  });

  it('starts nothing for a language without a grammar, or no lines', async () => {
    const { prefetchHighlight, highlightedSoFar } = await freshWindows();
    prefetchHighlight('klingon', ['a']);
    prefetchHighlight(undefined, ['a']);
    prefetchHighlight('typescript', []);
    expect(started).toHaveLength(0);
    expect(highlightedSoFar('klingon', ['a'])).toBeUndefined();
  });

  it('cancels an unfinished window its last holder released, unless it is held again at once', async () => {
    const { holdHighlight } = await freshWindows();
    const release = holdHighlight('json', ['{}', '[]'], vi.fn());
    // StrictMode's unmount and mount again, in one go: the same window goes on.
    release();
    const again = holdHighlight('json', ['{}', '[]'], vi.fn());
    await microtasks();
    expect(started).toHaveLength(1);
    expect(started[0]!.cancelled).toBe(false);
    again();
    await microtasks();
    expect(started[0]!.cancelled).toBe(true);
    // Asked again later: a new window.
    holdHighlight('json', ['{}', '[]'], vi.fn());
    expect(started).toHaveLength(2);
  });

  it('keeps a finished window for the next card that shows the same lines', async () => {
    const { holdHighlight } = await freshWindows();
    const release = holdHighlight('json', ['{}'], vi.fn());
    started[0]!.onChunk(0, [token('{}')]);
    release();
    await microtasks();
    const onLines = vi.fn();
    holdHighlight('json', ['{}'], onLines);
    expect(onLines).toHaveBeenCalledWith([token('{}')]);
    expect(started).toHaveLength(1);
  });

  it('keeps a few windows nobody holds, dropping the oldest first', async () => {
    const { prefetchHighlight, highlightedSoFar } = await freshWindows();
    for (let index = 0; index < 10; index += 1) prefetchHighlight('json', [`${index}`]);
    expect(started.map((job) => job.cancelled)).toEqual([true, true, false, false, false, false, false, false, false, false]);
    expect(highlightedSoFar('json', ['0'])).toBeUndefined();
    expect(highlightedSoFar('json', ['9'])).toEqual([]);
  });
});
