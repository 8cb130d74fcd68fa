import { describe, expect, it, vi } from 'vitest';
import { waitFor } from '@testing-library/react';
import { readFixtures } from '../test-support/card-fixtures';
import { viewForResult } from '../cards';
import { prepareLiveResult } from './prepare-live-result';
import { resultViewOf } from './row-views';
import { readResultRow } from './test-support/read-result-row';

// The real validation, watched: a test can see when a view is validated, and how often.
vi.mock('../cards', async (importOriginal) => {
  const actual = await importOriginal<typeof import('../cards')>();
  return { ...actual, viewForResult: vi.fn(actual.viewForResult) };
});

describe('prepareLiveResult', () => {
  it('validates a live read’s view in a task after the frame’s, once: the card’s render finds it done', async () => {
    const validate = vi.mocked(viewForResult);
    validate.mockClear();
    const row = readResultRow(readFixtures.longTypescript);
    prepareLiveResult(row);
    // Nothing in the frame's own task.
    expect(validate).not.toHaveBeenCalled();
    await waitFor(() => expect(validate).toHaveBeenCalledTimes(1));
    const view = resultViewOf(row.result!, row.call);
    expect(view.card).toBe('read');
    expect(validate).toHaveBeenCalledTimes(1);
  });

  it('leaves other results to their card', async () => {
    const validate = vi.mocked(viewForResult);
    validate.mockClear();
    prepareLiveResult(readResultRow({ card: 'search', shape: 'paths', paths: ['a.ts'], truncated: false }));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(validate).not.toHaveBeenCalled();
  });
});
