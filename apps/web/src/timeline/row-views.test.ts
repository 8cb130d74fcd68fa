import { describe, expect, it, vi } from 'vitest';
import { readFixtures } from '../test-support/card-fixtures';
import { viewForResult } from '../cards';
import { resultViewOf } from './row-views';
import type { ToolCallRecord, ToolResultRecord } from '../model/timeline-row';

// The real validation, watched: a test can see how often a view is validated.
vi.mock('../cards', async (importOriginal) => {
  const actual = await importOriginal<typeof import('../cards')>();
  return { ...actual, viewForResult: vi.fn(actual.viewForResult) };
});

const call = (): ToolCallRecord => ({ name: 'read', args: { path: readFixtures.longTypescript.path }, origin: 'model', view: undefined });
const record = (view: unknown): ToolResultRecord => ({ seq: 1, content: [], isError: false, view });

describe('resultViewOf', () => {
  // An older page spliced in derives every row again from the held events: new records, the
  // same wire views. The card must get the very same view (no new validation, no re-render).
  it('gives a row derived again from the same event the same view, validated once', () => {
    const validate = vi.mocked(viewForResult);
    validate.mockClear();
    const wire = { ...readFixtures.longTypescript };
    const first = resultViewOf(record(wire), call());
    const again = resultViewOf(record(wire), call());
    expect(again).toBe(first);
    expect(validate).toHaveBeenCalledTimes(1);
  });

  it('validates another event’s view, and a result once its call is known', () => {
    const validate = vi.mocked(viewForResult);
    validate.mockClear();
    const wire = { ...readFixtures.typescript };
    const alone = resultViewOf(record(wire), undefined);
    const withCall = resultViewOf(record(wire), call());
    const other = resultViewOf(record({ ...readFixtures.typescript }), call());
    expect(withCall).not.toBe(alone);
    expect(other).not.toBe(withCall);
    expect(other).toEqual(withCall);
    expect(validate).toHaveBeenCalledTimes(3);
  });
});
