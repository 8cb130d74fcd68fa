import { describe, expect, it } from 'vitest';
import { render, waitFor } from '@testing-library/react';
import { readFixtures } from '../test-support/card-fixtures';
import { ReadCard } from '../cards/read/read-card';
import { highlightedSoFar } from '../highlight/highlight-windows';
import { prefetchResultHighlight } from './prefetch-result-highlight';
import { resultViewOf } from './row-views';
import { readResultRow } from './test-support/read-result-row';

describe('prefetchResultHighlight', () => {
  // Generous: the first TypeScript tokenization compiles the grammar (seconds on a busy machine).
  it('highlights a live read before its card mounts: the card’s first render is coloured', { timeout: 60_000 }, async () => {
    const row = readResultRow(readFixtures.typescript);
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
    prefetchResultHighlight(readResultRow(view, true));
    prefetchResultHighlight(readResultRow({ card: 'search', shape: 'paths' }));
    // Not a read's shape (a line without text): nothing is asked for.
    prefetchResultHighlight(readResultRow({ ...view, lines: [{ number: 1 }, { number: 2, text: 'const failed = true;' }] }));
    expect(highlightedSoFar(view.lang, ['const failed = true;'])).toBeUndefined();
  });
});
