import { beforeEach, describe, expect, it, vi } from 'vitest';
import { act, renderHook, waitFor } from '@testing-library/react';
import type { HighlightChunkListener, HighlightRequest } from './highlighted-line';

/** Windows handed to the highlighter: a test feeds their chunks. */
const started: { request: HighlightRequest; onChunk: HighlightChunkListener }[] = [];

vi.mock('./highlight-client', () => ({
  startHighlight: (request: HighlightRequest, onChunk: HighlightChunkListener) => {
    started.push({ request, onChunk });
    return () => undefined;
  },
}));

// The window registry is per page: each test gets fresh modules.
async function fresh() {
  vi.resetModules();
  return { ...(await import('./use-highlighted-lines')), ...(await import('./highlight-windows')), ...(await import('./colour-batches')) };
}

const line = (tokens: number) => Array.from({ length: tokens }, (_, index) => ({ text: `t${index} `, light: '#cf222e' }));
const coloured = (lines: readonly unknown[]) => lines.filter((each) => each !== undefined).length;

describe('useHighlightedLines', () => {
  beforeEach(() => {
    started.length = 0;
  });

  it('colours the lines of a chunk as it arrives', async () => {
    const { useHighlightedLines } = await fresh();
    const texts = ['a', 'b'];
    const { result } = renderHook(() => useHighlightedLines('typescript', texts));
    expect(result.current).toEqual([]);
    act(() => started[0]!.onChunk(0, [line(2), line(3)]));
    expect(result.current).toEqual([line(2), line(3)]);
  });

  it('takes a chunk of heavy lines in batches, a frame apart', async () => {
    const { useHighlightedLines, TOKENS_PER_BATCH } = await fresh();
    const texts = ['a', 'b', 'c', 'd'];
    const { result } = renderHook(() => useHighlightedLines('typescript', texts));
    const heavy = Math.ceil(TOKENS_PER_BATCH / 2);
    act(() => started[0]!.onChunk(0, [line(heavy), line(heavy), line(heavy), line(heavy)]));
    expect(coloured(result.current)).toBe(2);
    await waitFor(() => expect(coloured(result.current)).toBe(4));
  });

  it('mounts coloured when the window was asked for before (the frame’s ingest)', async () => {
    const { useHighlightedLines, prefetchHighlight } = await fresh();
    prefetchHighlight('typescript', ['a', 'b']);
    started[0]!.onChunk(0, [line(1), line(1)]);
    // The card's own array of the same lines, as read-card.tsx makes it.
    const { result } = renderHook(() => useHighlightedLines('typescript', ['a', 'b']));
    expect(result.current).toEqual([line(1), line(1)]);
    expect(started).toHaveLength(1);
  });
});
