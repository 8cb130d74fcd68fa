import { describe, expect, it } from 'vitest';
import { terminalLines } from './terminal-lines';
import { collapsedRows, terminalRows } from './terminal-rows';

const numbered = (count: number) => terminalLines(Array.from({ length: count }, (_, index) => `line ${index + 1}`).join('\n'));

describe('terminalRows', () => {
  it("numbers stderr's rows after stdout's, as find does", () => {
    const rows = terminalRows(terminalLines('a\nb'), terminalLines('oops'));
    expect(rows.map((row) => [row.index, row.stream, row.line.text])).toEqual([
      [0, 'stdout', 'a'],
      [1, 'stdout', 'b'],
      [2, 'stderr', 'oops'],
    ]);
  });
});

describe('collapsedRows', () => {
  it('shows a short output whole', () => {
    expect(collapsedRows(terminalRows(numbered(60), []), 20)).toMatchObject({ kind: 'all' });
  });

  it('shows the first and last lines of a long one, and how many are between', () => {
    const collapsed = collapsedRows(terminalRows(numbered(20_000), []), 20);
    if (collapsed.kind !== 'ends') throw new Error('expected ends');
    expect(collapsed.head.map((row) => row.line.text)).toEqual(Array.from({ length: 20 }, (_, index) => `line ${index + 1}`));
    expect(collapsed.tail[19]!.line.text).toBe('line 20000');
    expect(collapsed.hidden).toBe(19_960);
  });
});
