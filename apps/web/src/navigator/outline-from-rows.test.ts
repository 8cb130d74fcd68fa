import { describe, expect, it } from 'vitest';
import { SessionRowsFixture } from '../test-support/session-rows-fixtures';
import { firstLine, outlineFromRows, turnIndexOfRow } from './outline-from-rows';
import { callCountsText } from './call-kind';

describe('outlineFromRows', () => {
  it('makes a turn of each prompt, with its first line, its first answer and its calls by kind', () => {
    const rows = new SessionRowsFixture()
      .user('  \nFind the parser\nand fix it')
      .assistant('Let me look.\nMore')
      .call('read')
      .call('read')
      .call('search')
      .call('error')
      .assistant('Second answer')
      .turnEnd()
      .user('Now run the tests')
      .call('terminal')
      .call('diff')
      .call('plan').rows;
    const outline = outlineFromRows(rows);
    expect(outline.calls).toBe(7);
    expect(outline.turns).toHaveLength(2);
    const [first, second] = outline.turns;
    expect(first).toMatchObject({ seq: 0, firstRow: 0, rowCount: 8, prompt: 'Find the parser', answer: 'Let me look.', calls: 4 });
    expect(first!.kinds).toMatchObject({ read: 2, search: 1, error: 1, terminal: 0 });
    expect(second).toMatchObject({ firstRow: 8, rowCount: 4, prompt: 'Now run the tests', answer: undefined, calls: 3 });
    expect(second!.kinds).toMatchObject({ terminal: 1, diff: 1, plan: 1 });
    expect(callCountsText(first!.calls, first!.kinds)).toBe('4 calls: 2 reads, 1 search, 1 error');
  });

  it('puts what came before the first prompt (an imported session, a composer command) in a turn without a prompt', () => {
    const rows = new SessionRowsFixture().call('search').call('read').user('hi').rows;
    const outline = outlineFromRows(rows);
    expect(outline.turns.map((turn) => [turn.prompt, turn.calls])).toEqual([
      [undefined, 2],
      ['hi', 0],
    ]);
    expect(outlineFromRows([])).toEqual({ turns: [], calls: 0 });
  });

  it('lists the subagents a turn started, under it, by their call title', () => {
    const rows = new SessionRowsFixture().user('Delegate').call('generic', { title: 'Task explore the repo', session: 'cc-abc-agent1' }).call('generic').rows;
    const [turn] = outlineFromRows(rows).turns;
    expect(turn!.subagents).toEqual([{ seq: 1, sessionId: 'cc-abc-agent1', title: 'Task explore the repo' }]);
    expect(turn!.kinds.other).toBe(2);
  });

  it('counts a pending call by its icon kind', () => {
    const rows = new SessionRowsFixture().user('go').pending('read').pending('execute').pending('edit').rows;
    expect(outlineFromRows(rows).turns[0]!.kinds).toMatchObject({ read: 1, terminal: 1, diff: 1 });
  });

  it('keeps the turns that did not change as the same objects while a live session grows', () => {
    const fixture = new SessionRowsFixture().turns(3, 4);
    const before = outlineFromRows(fixture.rows);
    fixture.user('fourth').call('read');
    const grown = outlineFromRows([...fixture.rows], before);
    expect(grown.turns).toHaveLength(4);
    expect(grown.turns.slice(0, 3)).toEqual(before.turns);
    for (let index = 0; index < 3; index += 1) expect(grown.turns[index]).toBe(before.turns[index]);
    fixture.call('search');
    const again = outlineFromRows([...fixture.rows], grown);
    expect(again.turns[3]).not.toBe(grown.turns[3]);
    expect(again.turns[3]!.calls).toBe(2);
    expect(again.turns[2]).toBe(grown.turns[2]);
  });

  it('finds the turn of a row', () => {
    const { turns } = outlineFromRows(new SessionRowsFixture().turns(3, 2).rows);
    // Each turn: prompt, answer, 2 calls, turn end = 5 rows.
    expect([0, 4, 5, 9, 10, 14, 99].map((row) => turnIndexOfRow(turns, row))).toEqual([0, 0, 1, 1, 2, 2, 2]);
    expect(turnIndexOfRow([], 0)).toBeUndefined();
  });
});

describe('firstLine', () => {
  it('takes the first line with text and cuts a long one', () => {
    expect(firstLine('\n\n  hello  \nworld')).toBe('hello');
    expect(firstLine('   ')).toBe('');
    expect(firstLine('x'.repeat(500))).toHaveLength(140);
  });
});
