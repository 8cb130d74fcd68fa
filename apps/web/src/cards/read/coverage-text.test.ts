import { describe, expect, it } from 'vitest';
import { coverageText, fileCardText, globText, grepText, rangesText } from './coverage-text';

describe('coverage text', () => {
  it('spells the ranges read and the share of the file', () => {
    expect(coverageText({ ranges: [[1, 40], [90, 120]], linesSeen: 71, totalLines: 200, percentSeen: 35.5 })).toBe('lines 1–40, 90–120 · 35.5% of 200');
    expect(coverageText({ ranges: [[7, 7]], linesSeen: 1, totalLines: 2_000, percentSeen: 0 })).toBe('line 7 · <0.1% of 2,000');
    expect(coverageText({ ranges: [], linesSeen: 0, totalLines: 0, percentSeen: 100 })).toBe('empty file');
    expect(coverageText({ ranges: [], linesSeen: 0, totalLines: 9, percentSeen: 0 })).toBe('no lines · 0% of 9');
  });

  it('counts the ranges past the fourth', () => {
    expect(rangesText([[1, 2], [4, 5], [7, 8], [10, 11], [13, 14], [16, 1_600]])).toBe('1–2, 4–5, 7–8, 10–11 and 2 more ranges');
  });

  it('says grep hits, capped ones with a plus, glob listings and what a card did', () => {
    expect(grepText({ hits: 1, capped: false })).toBe('1 grep hit');
    expect(grepText({ hits: 1_250, capped: true })).toBe('1,250+ grep hits');
    expect(globText(2)).toBe('listed by 2 globs');
    expect(fileCardText({ touch: 'read', window: [101, 134] })).toBe('read lines 101–134');
    expect(fileCardText({ touch: 'read', window: [3, 3] })).toBe('read line 3');
    expect(fileCardText({ touch: 'read' })).toBe('read');
    expect(fileCardText({ touch: 'matches' })).toBe('grep matches');
    expect(fileCardText({ touch: 'paths' })).toBe('glob listing');
  });
});
