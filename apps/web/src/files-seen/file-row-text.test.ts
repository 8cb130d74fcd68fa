import { describe, expect, it } from 'vitest';
import type { FileSeen } from '@toolcards/protocol';
import { filesInPanelOrder, grepHitsWords } from './file-row-text';

const file = (path: string, read: boolean): FileSeen => ({
  path,
  cardCount: 1,
  ...(read ? { read: { ranges: [[1, 2]], linesSeen: 2, totalLines: 2, percentSeen: 100, reads: 1, latestCallId: `c-${path}` } } : {}),
});

describe('filesInPanelOrder', () => {
  it('lists the files read first, then the others, each part in path order', () => {
    const files = [file('a.md', false), file('b.ts', true), file('c.ts', false), file('d.ts', true)];
    expect(filesInPanelOrder(files).map((seen) => seen.path)).toEqual(['b.ts', 'd.ts', 'a.md', 'c.ts']);
  });

  it('keeps the list as it is when every file or none was read', () => {
    const none = [file('a', false), file('b', false)];
    expect(filesInPanelOrder(none)).toBe(none);
  });
});

describe('grepHitsWords', () => {
  it('counts exact hits plainly', () => {
    expect(grepHitsWords({ hits: 3, capped: false })).toEqual({ text: '3 grep hits' });
    expect(grepHitsWords({ hits: 1, capped: false })).toEqual({ text: '1 grep hit' });
  });

  it('says a capped count is a floor, and why', () => {
    const words = grepHitsWords({ hits: 9, capped: true });
    expect(words.text).toBe('at least 9 grep hits');
    expect(words.title).toMatch(/^9 matching lines in what the searches showed; a search that found this file was capped/);
    expect(grepHitsWords({ hits: 1250, capped: true }).text).toBe('at least 1,250 grep hits');
  });
});
