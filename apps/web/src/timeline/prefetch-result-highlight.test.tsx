import { describe, expect, it } from 'vitest';
import { render, waitFor } from '@testing-library/react';
import { readFixtures } from '../cards/fixtures';
import { ReadCard } from '../cards/read/read-card';
import { highlightedSoFar } from '../highlight/highlight-windows';
import { prefetchResultHighlight } from './prefetch-result-highlight';
import { resultViewOf } from './row-views';
import type { ToolRow } from './timeline-row';

function readRow(view: unknown, isError = false): ToolRow {
  return {
    key: 'e1',
    seq: 1,
    time: 't',
    kind: 'tool',
    callId: 'c1',
    call: { name: 'read', args: { path: 'a.ts' }, origin: 'model', view: undefined },
    result: { seq: 1, content: [], isError, view },
    cancelled: false,
  };
}

describe('prefetchResultHighlight', () => {
  // Generous: the first TypeScript tokenization compiles the grammar (seconds on a busy machine).
  it('highlights a live read before its card mounts: the card’s first render is coloured', { timeout: 60_000 }, async () => {
    const row = readRow(readFixtures.typescript);
    prefetchResultHighlight(row);
    const view = resultViewOf(row.result!, row.call);
    if (view.card !== 'read') throw new Error('not a read view');
    const texts = view.lines.map((line) => line.text);
    await waitFor(() => expect(highlightedSoFar(view.lang, texts)?.[0]).toBeDefined());
    const { container } = render(<ReadCard view={view} />);
    // No wait: what arrived before the mount is in the first render.
    expect(container.querySelector('.tc-read__row .tc-tok')).not.toBeNull();
  });

  it('leaves failed reads and other cards alone', () => {
    const view = { ...readFixtures.typescript, lines: [{ number: 1, text: 'const failed = true;' }], totalLines: 1 };
    prefetchResultHighlight(readRow(view, true));
    prefetchResultHighlight(readRow({ card: 'search', shape: 'paths' }));
    // Not a read's shape (a line without text): nothing is asked for.
    prefetchResultHighlight(readRow({ ...view, lines: [{ number: 1 }, { number: 2, text: 'const failed = true;' }] }));
    expect(highlightedSoFar(view.lang, ['const failed = true;'])).toBeUndefined();
  });
});
