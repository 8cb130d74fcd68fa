import { describe, expect, it } from 'vitest';
import { anchorFromHash, anchorHash } from './export-anchor';

describe('in-file anchors', () => {
  it('names a card by its seq, and lines of it', () => {
    expect(anchorHash({ seq: 12 })).toBe('#seq-12');
    expect(anchorHash({ seq: 12, lines: { start: 5, end: 9 } })).toBe('#seq-12-L5-L9');
    expect(anchorHash({ seq: 3, lines: { start: 7, end: 7 } })).toBe('#seq-3-L7');
  });

  it('reads back what it writes, a reversed range in order, and nothing else', () => {
    expect(anchorFromHash('#seq-12')).toEqual({ seq: 12 });
    expect(anchorFromHash('#seq-12-L5-L9')).toEqual({ seq: 12, lines: { start: 5, end: 9 } });
    expect(anchorFromHash('#seq-12-L9-L5')).toEqual({ seq: 12, lines: { start: 5, end: 9 } });
    expect(anchorFromHash('#seq-3-L7')).toEqual({ seq: 3, lines: { start: 7, end: 7 } });
    for (const other of ['', '#', '#seq-', '#seq-x', '#s-1/c/2', '#seq-1-L']) expect(anchorFromHash(other)).toBeUndefined();
  });
});
