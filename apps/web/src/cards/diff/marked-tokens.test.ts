import { describe, expect, it } from 'vitest';
import { markedRuns } from './marked-tokens';

describe('markedRuns', () => {
  it('cuts colour runs where a mark starts and ends, keeping each run’s colour', () => {
    const tokens = [{ text: 'const', light: '#00f' }, { text: ' total' }];
    const runs = markedRuns('const total', tokens, [[3, 8]]);
    expect(runs.map((run) => [run.text, run.token?.light ?? null, run.marked])).toEqual([
      ['con', '#00f', false],
      ['st', '#00f', true],
      [' to', null, true],
      ['tal', null, false],
    ]);
  });

  it('marks plain text when there are no tokens yet, and draws only the first `length` units', () => {
    expect(markedRuns('abcdef', undefined, [[1, 2]], 4).map((run) => [run.text, run.marked])).toEqual([
      ['a', false],
      ['b', true],
      ['cd', false],
    ]);
  });

  it('ignores tokens that do not cover the line, rather than misplace the colour', () => {
    expect(markedRuns('abc', [{ text: 'ab', light: '#f00' }], [])).toEqual([{ text: 'abc', marked: false }]);
  });
});
