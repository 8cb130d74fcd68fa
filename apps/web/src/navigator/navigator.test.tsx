import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { SessionRowsFixture } from '../test-support/session-rows-fixtures';
import { Navigator } from './navigator';
import { outlineFromRows } from './outline-from-rows';
import type { SessionMap } from './use-session-map';

afterEach(cleanup);

function mapOf(fixture: SessionRowsFixture, currentTurn?: number) {
  const outline = outlineFromRows(fixture.rows);
  const goToRow = vi.fn<(index: number) => void>();
  const map: SessionMap = { rows: fixture.rows, outline, onScreen: undefined, currentTurn, atTurnStart: true, goToRow };
  return Object.assign(map, { goToRow });
}

const session = () =>
  new SessionRowsFixture()
    .user('Fix the parser\nplease')
    .assistant('Looking.')
    .call('read')
    .call('search')
    .call('error')
    .user('Delegate the survey')
    .call('generic', { title: 'Task survey the tests', session: 'cc-abc-agent1' })
    .call('generic', { title: 'Task survey the docs', session: 'cc-abc-agent2' })
    .user('Run it')
    .call('terminal');

describe('Navigator', () => {
  it('shows a tree of turns: prompt and answer first lines, calls in words for screen readers, the current turn marked', () => {
    render(<Navigator map={mapOf(session(), 1)} sessionId="s1" pins={[]} />);
    const tree = screen.getByRole('tree', { name: 'Turns' });
    const turns = within(tree).getAllByRole('treeitem').filter((item) => item.getAttribute('aria-level') === '1');
    expect(turns.map((turn) => turn.getAttribute('aria-label'))).toEqual([
      'Turn 1: Fix the parser. Looking.. 3 calls: 1 read, 1 search, 1 error',
      'Turn 2: Delegate the survey. 2 calls: 2 other calls',
      'Turn 3: Run it. 1 call: 1 command',
    ]);
    expect(turns[1]!.getAttribute('aria-current')).toBe('location');
    expect(turns[1]!.getAttribute('aria-expanded')).toBe('true');
    expect(turns[0]!.hasAttribute('aria-expanded')).toBe(false);
    // Subagents nested under their turn, at level 2.
    expect(within(turns[1]!).getAllByRole('treeitem').map((item) => [item.getAttribute('aria-level'), item.textContent])).toEqual([
      ['2', '↳ Task survey the tests'],
      ['2', '↳ Task survey the docs'],
    ]);
    expect(screen.getByText('3 turns · 6 calls')).toBeTruthy();
  });

  it('jumps to a turn on click and on Enter; the arrow keys walk the tree, open and close a turn with subagents', () => {
    const map = mapOf(session(), 0);
    render(<Navigator map={map} sessionId="s1" pins={[]} />);
    const items = () => screen.getAllByRole('treeitem');
    fireEvent.click(items()[1]!);
    // Turn 2 starts at row 5 (prompt, answer, 3 calls before it).
    expect(map.goToRow).toHaveBeenLastCalledWith(5);
    // Tab lands on the current turn; ↓ goes to the next line without jumping.
    expect(items()[0]!.getAttribute('tabindex')).toBe('0');
    items()[0]!.focus();
    fireEvent.keyDown(items()[0]!, { key: 'ArrowDown' });
    expect(document.activeElement).toBe(items()[1]);
    expect(map.goToRow).toHaveBeenCalledTimes(1);
    fireEvent.keyDown(items()[1]!, { key: 'ArrowRight' });
    expect(document.activeElement).toBe(items()[2]);
    fireEvent.keyDown(items()[2]!, { key: 'Enter' });
    // The first subagent's card: row 6.
    expect(map.goToRow).toHaveBeenLastCalledWith(6);
    fireEvent.keyDown(items()[2]!, { key: 'ArrowLeft' });
    expect(document.activeElement).toBe(items()[1]);
    fireEvent.keyDown(items()[1]!, { key: 'ArrowLeft' });
    expect(items()[1]!.getAttribute('aria-expanded')).toBe('false');
    expect(items()).toHaveLength(3);
  });

  it('lists the pins as links to their cards, with an Unpin button, and says why pins could not be read', () => {
    const onUnpin = vi.fn();
    const onOpenPin = vi.fn();
    const pin = { seq: 2, label: 'Read src/a.ts', pinnedAt: '2026-12-02T02:00:00.000Z' };
    render(<Navigator map={mapOf(session())} sessionId="s1" pins={[pin]} onUnpin={onUnpin} onOpenPin={onOpenPin} pinsNote="This session's saved pins could not be read" />);
    const pins = screen.getByRole('region', { name: 'Pinned cards' });
    const link = within(pins).getByRole('link', { name: 'Read src/a.ts' });
    expect(link!.getAttribute('href')).toBe('#/s/s1/2');
    fireEvent.click(link);
    expect(onOpenPin).toHaveBeenCalledWith(pin);
    fireEvent.click(within(pins).getByRole('button', { name: 'Unpin Read src/a.ts' }));
    expect(onUnpin).toHaveBeenCalledWith(pin);
    expect(screen.getByRole('status').textContent).toMatch(/could not be read/);
  });
});
