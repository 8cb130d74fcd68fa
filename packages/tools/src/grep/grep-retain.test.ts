import { describe, expect, it } from 'vitest';
import { retainGrepMatches, type GrepMatch } from './grep-retain';

const match = (path: string, lineNumber: number): GrepMatch => ({ path, lineNumber, line: `${path}:${lineNumber}` });

describe('retainGrepMatches', () => {
  it('groups matches by file in first-seen order', () => {
    const retention = retainGrepMatches([match('b', 1), match('a', 2), match('b', 3)], 3, 250);
    expect(retention.files.map((file) => [file.path, file.matches.map((m) => m.lineNumber)])).toEqual([
      ['b', [1, 3]],
      ['a', [2]],
    ]);
    expect(retention).toMatchObject({ shown: 3, total: 3, truncated: false });
    expect(retention.files[0]!.matches[0]).toEqual({ lineNumber: 1, line: 'b:1' });
  });

  it('caps the matches and keeps the pre-cap total', () => {
    const matches = Array.from({ length: 10 }, (_, index) => match(`f${index % 3}`, index + 1));
    const retention = retainGrepMatches(matches, 1234, 4);
    expect(retention).toMatchObject({ shown: 4, total: 1234, truncated: true });
    expect(retention.files.flatMap((file) => file.matches)).toHaveLength(4);
  });

  it('is empty for no matches', () => {
    expect(retainGrepMatches([], 0, 250)).toEqual({ files: [], shown: 0, total: 0, truncated: false });
  });

  it('never reports a total below what it shows', () => {
    expect(retainGrepMatches([match('a', 1)], 0, 250)).toMatchObject({ total: 1, truncated: false });
  });
});
