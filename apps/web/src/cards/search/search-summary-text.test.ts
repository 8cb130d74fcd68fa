import { describe, expect, it } from 'vitest';
import { matchesSummaryText, pathsSummaryText } from './search-summary-text';

const file = (path: string, count: number) => ({
  path,
  matches: Array.from({ length: count }, (_, index) => ({ lineNumber: index + 1, line: 'x' })),
});

describe('matchesSummaryText', () => {
  it('counts matches and files', () => {
    expect(matchesSummaryText({ files: [file('a', 5), file('b', 4), file('c', 3)], truncated: false, total: 12 })).toBe(
      '12 matches in 3 files',
    );
  });

  it('uses singulars', () => {
    expect(matchesSummaryText({ files: [file('a', 1)], truncated: false, total: 1 })).toBe('1 match in 1 file');
  });

  it('says what is shown out of the total when truncated', () => {
    const files = Array.from({ length: 100 }, (_, index) => file(`f${index}`, index < 50 ? 3 : 2));
    expect(matchesSummaryText({ files, truncated: true, total: 1204 })).toBe('showing 250 of 1,204 matches');
  });

  it('states an empty result', () => {
    expect(matchesSummaryText({ files: [], truncated: false, total: 0 })).toBe('No matches');
  });
});

describe('pathsSummaryText', () => {
  it('counts files, with singular', () => {
    expect(pathsSummaryText({ paths: ['a', 'b', 'c'], truncated: false, total: 3 })).toBe('3 files');
    expect(pathsSummaryText({ paths: ['a'], truncated: false, total: 1 })).toBe('1 file');
  });

  it('says what is shown out of the total when truncated', () => {
    const paths = Array.from({ length: 100 }, (_, index) => `p${index}`);
    expect(pathsSummaryText({ paths, truncated: true, total: 5000 })).toBe('showing 100 of 5,000 files');
  });

  it('states an empty result', () => {
    expect(pathsSummaryText({ paths: [], truncated: false, total: 0 })).toBe('No files');
  });
});
