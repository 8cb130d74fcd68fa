import { describe, expect, it } from 'vitest';
import { terminalOutput } from './terminal-lines';
import { collapsedRows, rowsText, terminalRows } from './terminal-rows';

const numbered = (count: number) => terminalOutput(Array.from({ length: count }, (_, index) => `line ${index + 1}`).join('\n'));
const none = terminalOutput('');

describe('terminalRows', () => {
  it("numbers stderr's rows after stdout's, as find does", () => {
    const rows = terminalRows(terminalOutput('a\nb'), terminalOutput('oops'));
    expect(rows.count).toBe(3);
    expect(rows.firstStderr).toBe(2);
    expect([0, 1, 2].map((index) => rows.row(index)).map((row) => [row.index, row.stream, row.line.text])).toEqual([
      [0, 'stdout', 'a'],
      [1, 'stdout', 'b'],
      [2, 'stderr', 'oops'],
    ]);
    expect(rowsText(rows)).toBe('a\nb\noops');
  });

  it('has no stderr start without stderr', () => {
    expect(terminalRows(numbered(2), none).firstStderr).toBe(-1);
  });
});

describe('collapsedRows', () => {
  it('shows a short output whole', () => {
    expect(collapsedRows(terminalRows(numbered(60), none), 20)).toMatchObject({ kind: 'all' });
  });

  it('shows the first and last lines of a long one, and how many are between', () => {
    const collapsed = collapsedRows(terminalRows(numbered(20_000), none), 20);
    if (collapsed.kind !== 'ends') throw new Error('expected ends');
    expect(collapsed.head.map((row) => row.line.text)).toEqual(Array.from({ length: 20 }, (_, index) => `line ${index + 1}`));
    expect(collapsed.tail[19]!.line.text).toBe('line 20000');
    expect(collapsed.hidden).toBe(19_960);
  });
});
