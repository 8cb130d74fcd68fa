import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { SessionRowsFixture } from '../test-support/session-rows-fixtures';
import { outlineFromRows } from '../navigator/outline-from-rows';
import type { SessionMap } from '../navigator/use-session-map';
import { OverviewStrip } from './overview-strip';

afterEach(cleanup);

describe('OverviewStrip', () => {
  it('has one labelled button per turn (roving focus, Enter jumps) and one per pin, and shows the rows on screen', () => {
    const rows = new SessionRowsFixture().turns(3, 3).rows;
    const map: SessionMap = { rows, outline: outlineFromRows(rows), onScreen: { first: 6, last: 8 }, currentTurn: 1, atTurnStart: true, goToRow: vi.fn() };
    const onOpenPin = vi.fn();
    const pin = { seq: 3, label: 'read 3', pinnedAt: '2026-12-02T02:00:00.000Z' };
    render(<OverviewStrip map={map} pins={[pin]} onOpenPin={onOpenPin} />);
    const strip = screen.getByRole('navigation', { name: 'Session overview' });
    const turns = within(within(strip).getByRole('group', { name: 'Turns' })).getAllByRole('button');
    expect(turns.map((turn) => turn.getAttribute('aria-label'))).toEqual([
      'Turn 1: Prompt 1, 3 calls: 1 read, 1 search, 1 command',
      'Turn 2: Prompt 2, 3 calls: 1 read, 1 search, 1 command',
      'Turn 3: Prompt 3, 3 calls: 1 read, 1 search, 1 command',
    ]);
    // The current turn takes Tab; ↓ moves to the next; a click (Enter) jumps to its first row.
    expect(turns.map((turn) => turn.tabIndex)).toEqual([-1, 0, -1]);
    fireEvent.keyDown(turns[1]!, { key: 'ArrowDown' });
    expect(document.activeElement).toBe(turns[2]);
    fireEvent.click(turns[2]!);
    expect(map.goToRow).toHaveBeenCalledWith(12);
    fireEvent.click(within(strip).getByRole('button', { name: 'Pinned: read 3' }));
    expect(onOpenPin).toHaveBeenCalledWith(pin);
    expect(screen.getByTestId('strip-viewport')).toBeTruthy();
  });
});
