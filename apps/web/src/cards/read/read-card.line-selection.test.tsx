import { describe, expect, it, vi } from 'vitest';
import { useState } from 'react';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReadResultView } from '@toolcards/protocol';
import { readFixtures } from '../../test-support/card-fixtures';
import { CardAddressProvider, type CardAddress } from '../frame/card-address';
import type { LineRange } from './line-selection';
import { ReadCard } from './read-card';
import { withViewportLayout } from './test-support/viewport-layout';

// Plain text: these tests are about the gutter, not the highlighter.
const plain = <T extends { lang?: string }>(view: T): T => ({ ...view, lang: undefined });

const gutter = (line: number) => screen.getByRole('button', { name: `Line ${line}` });
const selectedLines = (container: HTMLElement) =>
  [...container.querySelectorAll<HTMLElement>('.tc-read__row.is-selected .tc-read__gutter')].map((number) => Number(number.dataset.lineNumber));

/** A card in the timeline: its address as the row gives it, the selection kept where the store would keep it. */
function AddressedReadCard({ view, onSelect, linked, openSerial = 0 }: { view: ReadResultView; onSelect: (lines: LineRange | undefined) => void; linked?: LineRange; openSerial?: number }) {
  const [lines, setLines] = useState<LineRange | undefined>(linked);
  const address: CardAddress = {
    sessionId: 's1',
    seq: 7,
    link: (range) => `http://127.0.0.1:3080/#/s/s1/7${range === undefined ? '' : `/L${range.start}-L${range.end}`}`,
    ...(lines ? { lines } : {}),
    openSerial,
    selectLines: (range) => {
      onSelect(range);
      setLines(range);
    },
  };
  return (
    <CardAddressProvider address={address}>
      <ReadCard view={view} />
    </CardAddressProvider>
  );
}

describe('ReadCard line selection', () => {
  it('selects a line on a click on its number and a range on a shift-click, and hands each to the address', async () => {
    const user = userEvent.setup();
    const onSelect = vi.fn();
    const { container } = render(<AddressedReadCard view={plain(readFixtures.typescript)} onSelect={onSelect} />);
    expect(selectedLines(container)).toEqual([]);

    await user.click(gutter(3));
    expect(selectedLines(container)).toEqual([3]);
    expect(gutter(3).getAttribute('aria-pressed')).toBe('true');
    expect(onSelect).toHaveBeenLastCalledWith({ start: 3, end: 3 });

    await user.keyboard('{Shift>}');
    await user.click(gutter(6));
    expect(selectedLines(container)).toEqual([3, 4, 5, 6]);
    expect(onSelect).toHaveBeenLastCalledWith({ start: 3, end: 6 });
    // From the same anchor, the other way.
    await user.click(gutter(1));
    await user.keyboard('{/Shift}');
    expect(selectedLines(container)).toEqual([1, 2, 3]);
    expect(onSelect).toHaveBeenLastCalledWith({ start: 1, end: 3 });

    // A plain click starts over; on the one selected line it clears the selection.
    await user.click(gutter(5));
    expect(selectedLines(container)).toEqual([5]);
    await user.click(gutter(5));
    expect(selectedLines(container)).toEqual([]);
    expect(onSelect).toHaveBeenLastCalledWith(undefined);
  });

  it('keeps the numbers out of the text: a selected line is marked by a class, its code unchanged', async () => {
    const user = userEvent.setup();
    const { container } = render(<AddressedReadCard view={plain(readFixtures.typescript)} onSelect={() => {}} />);
    const viewport = screen.getByRole('region', { name: 'File contents' });
    const before = viewport.textContent;
    await user.click(gutter(2));
    expect(viewport.textContent).toBe(before);
    expect(viewport.textContent).toBe(readFixtures.typescript.lines.map((line) => line.text).join(''));
    expect(container.querySelector('.tc-read__row.is-selected')!.getAttribute('data-index')).toBe('1');
  });

  it('copies the link to the card, then to the selected lines', async () => {
    const user = userEvent.setup();
    render(<AddressedReadCard view={plain(readFixtures.typescript)} onSelect={() => {}} />);
    await user.click(screen.getByRole('button', { name: 'Copy link' }));
    expect(await navigator.clipboard.readText()).toBe('http://127.0.0.1:3080/#/s/s1/7');
    await user.click(gutter(2));
    await user.keyboard('{Shift>}');
    await user.click(gutter(4));
    await user.keyboard('{/Shift}');
    await user.click(screen.getByRole('button', { name: /^Copy link|^Copied/ }));
    expect(await navigator.clipboard.readText()).toBe('http://127.0.0.1:3080/#/s/s1/7/L2-L4');
  });

  it('is one tab stop; the arrow keys move between numbers, Enter selects, Shift+Enter extends', async () => {
    const user = userEvent.setup();
    const onSelect = vi.fn();
    const { container } = render(<AddressedReadCard view={plain(readFixtures.typescript)} onSelect={onSelect} />);
    const tabbable = [...container.querySelectorAll<HTMLElement>('.tc-read__gutter')].filter((number) => number.tabIndex === 0);
    expect(tabbable.map((number) => number.dataset.lineNumber)).toEqual(['1']);

    gutter(1).focus();
    await user.keyboard('{ArrowDown}');
    expect(document.activeElement).toBe(gutter(2));
    await user.keyboard('{Enter}');
    expect(selectedLines(container)).toEqual([2]);
    await user.keyboard('{ArrowDown}{ArrowDown}{Shift>}{Enter}{/Shift}');
    expect(document.activeElement).toBe(gutter(4));
    expect(selectedLines(container)).toEqual([2, 3, 4]);
    expect(onSelect).toHaveBeenLastCalledWith({ start: 2, end: 4 });
    // The last number used is the tab stop now.
    expect([...container.querySelectorAll<HTMLElement>('.tc-read__gutter')].filter((number) => number.tabIndex === 0).map((number) => number.dataset.lineNumber)).toEqual(['4']);
    await user.keyboard('{ArrowUp}{ }');
    expect(selectedLines(container)).toEqual([3]);
  });

  it('starts from the lines a link names', () => {
    const { container } = render(<AddressedReadCard view={plain(readFixtures.typescript)} onSelect={() => {}} linked={{ start: 4, end: 6 }} openSerial={1} />);
    expect(selectedLines(container)).toEqual([4, 5, 6]);
  });

  it('selects lines without an address too (a story): nothing to copy a link to', async () => {
    const user = userEvent.setup();
    const { container } = render(<ReadCard view={plain(readFixtures.typescript)} />);
    await user.click(gutter(2));
    expect(selectedLines(container)).toEqual([2]);
    expect(screen.queryByRole('button', { name: 'Copy link' })).toBeNull();
  });

  describe('in a virtualized window', () => {
    withViewportLayout();

    it('scrolls its viewport to the lines an opened link names, and marks them', async () => {
      const { container } = render(<AddressedReadCard view={plain(readFixtures.longTypescript)} onSelect={() => {}} linked={{ start: 1500, end: 1504 }} openSerial={3} />);
      const viewport = screen.getByRole('region', { name: 'File contents' });
      await waitFor(() => expect(viewport.scrollTop).toBeGreaterThan(20 * 1400));
      fireEvent.scroll(viewport);
      await waitFor(() => expect(selectedLines(container)).toEqual([1500, 1501, 1502, 1503, 1504]));
      // A rendered number is the tab stop even when the focus line is not.
      expect(container.querySelectorAll('.tc-read__gutter[tabindex="0"]')).toHaveLength(1);
    });

    it('does not scroll for lines selected in the card (no link opened)', async () => {
      const { container } = render(<AddressedReadCard view={plain(readFixtures.longTypescript)} onSelect={() => {}} linked={{ start: 1500, end: 1504 }} openSerial={0} />);
      const viewport = screen.getByRole('region', { name: 'File contents' });
      await new Promise((resolve) => setTimeout(resolve, 50));
      expect(viewport.scrollTop).toBe(0);
      expect(selectedLines(container)).toEqual([]);
    });
  });
});
