import { describe, expect, it } from 'vitest';
import { SessionRowsFixture } from '../test-support/session-rows-fixtures';
import { rowAt, rowTop, stripMarks, viewportBand } from './strip-marks';

describe('stripMarks', () => {
  it('gives each call its own mark, coloured by its card, when the rows fit', () => {
    const rows = new SessionRowsFixture().user('go').call('read').call('search').call('terminal').call('diff').call('plan').call('error').call('generic').rows;
    const marks = stripMarks(rows, 800);
    expect(marks.map((mark) => mark.kind)).toEqual(['read', 'search', 'terminal', 'diff', 'plan', 'error', 'other']);
    // 8 rows on 800 px: 100 px each, the prompt's slot empty.
    expect(marks[0]).toMatchObject({ top: 100, height: 100, firstRow: 1, calls: 1 });
  });

  it('buckets a long session into marks of at least 2 px, an error winning its bucket, else the most common kind', () => {
    const fixture = new SessionRowsFixture();
    for (let index = 0; index < 10_000; index += 1) fixture.call(index === 5_000 ? 'error' : index % 4 === 0 ? 'search' : 'read');
    const marks = stripMarks(fixture.rows, 800);
    expect(marks).toHaveLength(400);
    expect(marks.every((mark) => mark.height >= 2 && mark.calls === 25)).toBe(true);
    expect(marks.filter((mark) => mark.kind === 'error')).toEqual([expect.objectContaining({ firstRow: 5_000, top: 400 })]);
    expect(marks.filter((mark) => mark.kind === 'read')).toHaveLength(399);
  });

  it('draws nothing for no rows or no room, and no mark for a stretch without calls', () => {
    expect(stripMarks([], 800)).toEqual([]);
    expect(stripMarks(new SessionRowsFixture().call('read').rows, 0)).toEqual([]);
    expect(stripMarks(new SessionRowsFixture().user('a').assistant('b').rows, 800)).toEqual([]);
  });
});

describe('strip geometry', () => {
  it('maps rows to the strip and a point back to its row', () => {
    expect(rowTop(50, 200, 800)).toBe(200);
    expect(rowAt(200, 200, 800)).toBe(50);
    expect(rowAt(-5, 200, 800)).toBe(0);
    expect(rowAt(10_000, 200, 800)).toBe(199);
  });

  it('shows the rows on screen as a band, never thinner than 4 px nor past the end', () => {
    expect(viewportBand(100, 149, 200, 800)).toEqual({ top: 400, height: 200 });
    expect(viewportBand(9_999, 9_999, 10_000, 800)).toEqual({ top: 796, height: 4 });
    expect(viewportBand(0, -1, 10, 800)).toBeUndefined();
  });
});
