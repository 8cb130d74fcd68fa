import { describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { DiffCard } from './diff-card';
import { HUGE_HUNK_LINES, PRICING_PATH, addedView, deletedView, hugeHunkView, modifiedView, noHunksView, pricingNow, pricingSource, renamedView } from './test-support/diff-fixtures';

const numbers = (row: Element) => [...row.querySelectorAll('.tc-diff__num')].map((cell) => cell.getAttribute('data-line-number'));

describe('DiffCard', () => {
  it('names the file, its status and +N −M, and draws each hunk with its header', () => {
    render(<DiffCard view={modifiedView} />);
    const card = screen.getByRole('article', { name: `Edit ${PRICING_PATH}` });
    expect(within(card).getByText('modified')).toBeTruthy();
    expect(within(card).getAllByLabelText('3 lines added, 3 lines removed').length).toBeGreaterThan(0);
    expect(within(card).getByText('@@ -9,8 +9,8 @@')).toBeTruthy();
    expect(within(card).getByText('@@ -37,5 +37,5 @@')).toBeTruthy();
  });

  it('numbers removed lines on the old side only, added lines on the new side only, context on both', () => {
    const { container } = render(<DiffCard view={modifiedView} />);
    const removed = container.querySelectorAll('.tc-diff__row.is-removed');
    const added = container.querySelectorAll('.tc-diff__row.is-added');
    expect(numbers(removed[0]!)).toEqual(['12', '']);
    expect(numbers(added[1]!)).toEqual(['', '13']);
    expect(numbers(container.querySelector('.tc-diff__row.is-context')!)).toEqual(['9', '9']);
    // The numbers are drawn from an attribute: they are not in the text a copy takes.
    expect(removed[0]!.querySelector('.tc-diff__code')?.textContent).toBe('export function total(price: number, count: number): number {');
  });

  it('marks the changed words of a replaced line once the word diff has loaded', async () => {
    const { container } = render(<DiffCard view={modifiedView} />);
    await waitFor(() => expect(container.querySelectorAll('.tc-diff__row.is-removed .is-marked').length).toBeGreaterThan(0));
    const firstRemoved = container.querySelector('.tc-diff__row.is-removed')!;
    expect([...firstRemoved.querySelectorAll('.is-marked')].map((mark) => mark.textContent).join('')).toBe('count');
    const firstAdded = container.querySelector('.tc-diff__row.is-added')!;
    expect([...firstAdded.querySelectorAll('.is-marked')].map((mark) => mark.textContent).join('')).toBe('quantity');
  });

  it('expands the unchanged lines between hunks from the file as it is now', async () => {
    const source = pricingSource();
    const lines = vi.spyOn(source, 'lines');
    render(<DiffCard view={modifiedView} fileSource={source} />);
    await userEvent.click(await screen.findByRole('button', { name: 'Expand 20 lines' }));
    expect(await screen.findByText(pricingNow[16]!)).toBeTruthy();
    expect(lines).toHaveBeenCalledWith(PRICING_PATH, 17, 20);
    expect(screen.queryByRole('button', { name: 'Expand 20 lines' })).toBeNull();
    // Before the first hunk: lines 1–8; after the last: 42–60, known once the file was looked at.
    expect(screen.getByRole('button', { name: 'Expand 8 lines' })).toBeTruthy();
    await userEvent.click(await screen.findByRole('button', { name: 'Expand 19 lines' }));
    expect(await screen.findByText(pricingNow[59]!)).toBeTruthy();
  });

  it('says "applied" while the file has the new text, "changed since" when it differs, "file gone" when it is not there', async () => {
    const { unmount } = render(<DiffCard view={modifiedView} fileSource={pricingSource()} />);
    expect(await screen.findByText('applied')).toBeTruthy();
    unmount();
    const edited = pricingNow.map((text, index) => (index === 12 ? '  return 0;' : text));
    const second = render(<DiffCard view={modifiedView} fileSource={pricingSource(edited)} />);
    expect(await screen.findByText('changed since')).toBeTruthy();
    second.unmount();
    render(<DiffCard view={addedView} fileSource={pricingSource()} />);
    expect(await screen.findByText('file gone')).toBeTruthy();
  });

  it('links each hunk to its file at its first changed line', async () => {
    const open = vi.fn();
    render(<DiffCard view={modifiedView} onOpenLocation={open} />);
    await userEvent.click(screen.getByRole('button', { name: 'Line 40' }));
    expect(open).toHaveBeenCalledWith({ path: PRICING_PATH, line: 40 });
  });

  it('draws an added file, a deleted one (no link: it is gone), a rename and a file with no hunks', () => {
    const { unmount } = render(<DiffCard view={addedView} onOpenLocation={() => undefined} />);
    expect(screen.getByText('added')).toBeTruthy();
    expect(document.querySelectorAll('.tc-diff__row.is-added')).toHaveLength(5);
    unmount();
    const deleted = render(<DiffCard view={deletedView} onOpenLocation={() => undefined} />);
    expect(screen.getByText('deleted')).toBeTruthy();
    expect(screen.queryByRole('button', { name: /^Line / })).toBeNull();
    deleted.unmount();
    const renamed = render(<DiffCard view={renamedView} />);
    expect(screen.getByText('Renamed; the text is the same.')).toBeTruthy();
    expect(screen.getByRole('region', { name: 'renamed src/billing/money.ts' })).toBeTruthy();
    renamed.unmount();
    render(<DiffCard view={noHunksView} />);
    expect(screen.getByText('No change to the text.')).toBeTruthy();
  });

  it('cuts a huge line with a mark, and draws the rest when asked', async () => {
    const long = 'x'.repeat(30_000);
    const view = { card: 'diff' as const, files: [{ path: 'min.js', status: 'added' as const, hunks: [{ oldStart: 0, oldLines: 0, newStart: 1, newLines: 1, lines: [`+${long}`] }] }] };
    const { container } = render(<DiffCard view={view} />);
    const code = () => container.querySelector('.tc-diff__row.is-added .tc-diff__code')!.textContent!;
    expect(code()).toHaveLength(2_000);
    await userEvent.click(screen.getByRole('button', { name: 'Show the rest of the line: 28,000 more characters' }));
    expect(code()).toHaveLength(30_000);
  });

  it('shows a diff taller than its preview clipped, with "Show all N lines" (the timeline is the only scroller)', async () => {
    const lines = Array.from({ length: 40 }, (_, index) => `+line ${index + 1}`);
    const view = { card: 'diff' as const, files: [{ path: 'notes.txt', status: 'added' as const, hunks: [{ oldStart: 0, oldLines: 0, newStart: 1, newLines: 40, lines }] }] };
    render(<DiffCard view={view} />);
    const body = screen.getByRole('region', { name: 'Changes to notes.txt' });
    expect(body.getAttribute('data-preview')).toBe('clipped');
    await userEvent.click(screen.getByRole('button', { name: 'Show all 40 lines' }));
    expect(body.getAttribute('data-preview')).toBe('whole');
    expect(screen.getByRole('button', { name: 'Show less' })).toBeTruthy();
  });

  it('shows a 5,000-line hunk as a preview too, and expanded its rows scroll with the timeline, still only those in view', async () => {
    const path = hugeHunkView.files[0]!.path;
    const { container } = render(
      // A stand-in for the timeline: the one scroller (decision 0016).
      <div style={{ height: '600px', overflowY: 'auto' }}>
        <DiffCard view={hugeHunkView} />
      </div>,
    );
    const body = screen.getByRole('region', { name: `Changes to ${path}` });
    expect(body.getAttribute('data-preview')).toBe('clipped');
    expect(body.style.maxHeight).toBe('448px');
    await userEvent.click(screen.getByRole('button', { name: 'Show all 5,000 lines' }));
    expect(body.getAttribute('data-preview')).toBe('whole');
    expect(body.style.maxHeight).toBe('');
    const drawn = container.querySelectorAll('.tc-diff__row').length;
    expect(drawn).toBeGreaterThan(10);
    expect(drawn).toBeLessThan(HUGE_HUNK_LINES / 10);
  });

  it('renders only the rows on screen of a 5,000-line hunk', () => {
    const { container } = render(<DiffCard view={hugeHunkView} />);
    const drawn = container.querySelectorAll('.tc-diff__row').length;
    expect(drawn).toBeGreaterThan(10);
    expect(drawn).toBeLessThan(HUGE_HUNK_LINES / 10);
  });
});
