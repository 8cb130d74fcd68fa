import { afterEach, describe, expect, it } from 'vitest';
import { findHitRows, publishFindHitRows, subscribeFindHitRows } from './strip-find-hits';

afterEach(() => publishFindHitRows([]));

describe('strip find hits', () => {
  it('keeps one row per run of hits in the same row, tells its listeners, and clears', () => {
    const told: number[] = [];
    const stop = subscribeFindHitRows(() => told.push(findHitRows().length));
    publishFindHitRows([{ rowIndex: 2 }, { rowIndex: 2 }, { rowIndex: 5 }, { rowIndex: 9 }, { rowIndex: 9 }]);
    expect(findHitRows()).toEqual([2, 5, 9]);
    publishFindHitRows([]);
    expect(findHitRows()).toEqual([]);
    // Nothing again: no news.
    publishFindHitRows([]);
    expect(told).toEqual([3, 0]);
    stop();
  });
});
