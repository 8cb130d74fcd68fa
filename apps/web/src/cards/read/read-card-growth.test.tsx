import { describe, expect, it, vi } from 'vitest';
import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { FileLinesResponse, ReadFreshnessState, ReadResultView } from '@toolcards/protocol';
import type { FileSource } from '../../net/file-source';
import { ReadCard } from './read-card';

/** A file of `total` lines ("line N"), as the server's lines route would answer for it. */
function fileOf(total: number, text = (n: number) => `line ${n}`, stat = { mtimeMs: 1000, size: 5000 }) {
  return (offset: number, limit: number): FileLinesResponse => {
    const last = Math.min(total, offset + limit - 1);
    const lines = [];
    for (let number = offset; number <= last; number += 1) lines.push({ number, text: text(number) });
    return { path: 'src/a.ts', offset, lines, totalLines: total, lang: 'typescript', ...stat };
  };
}

/** A read of lines `first`–`last` of that file, as logged. */
function readOf(first: number, last: number, total: number): ReadResultView {
  const lines = [];
  for (let number = first; number <= last; number += 1) lines.push({ number, text: `line ${number}` });
  return { card: 'read', path: 'src/a.ts', offset: first, lines, totalLines: total, lang: 'typescript', mtimeMs: 1000, size: 5000 };
}

function sourceFor(answer: (offset: number, limit: number) => FileLinesResponse, freshness: ReadFreshnessState = 'unchanged') {
  const listeners = new Set<() => void>();
  const state = { freshness };
  const source: FileSource & { changed(next: ReadFreshnessState): void } = {
    lines: vi.fn(async (_path: string, offset: number, limit: number) => answer(offset, limit)),
    freshness: vi.fn(async () => state.freshness),
    watch: (_path, listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    changed(next) {
      state.freshness = next;
      for (const listener of listeners) listener();
    },
  };
  return source;
}

const numbersShown = (container: HTMLElement) =>
  [...container.querySelectorAll('.tc-read__gutter')].map((gutter) => Number(gutter.getAttribute('data-line-number')));

describe('growing a read card in place', () => {
  it('adds up to 50 lines above and below from the file now, drawn apart from the agent’s read, to the file’s edges', async () => {
    const source = sourceFor(fileOf(130));
    const { container } = render(<ReadCard view={readOf(60, 70, 130)} fileSource={source} />);
    const above = screen.getByRole('button', { name: /lines above/ });
    expect(above.textContent).toContain('Show 50 lines above');
    await userEvent.click(above);
    await waitFor(() => expect(numbersShown(container)[0]).toBe(10));
    expect(source.lines).toHaveBeenCalledWith('src/a.ts', 10, 50);
    await userEvent.click(screen.getByRole('button', { name: 'Show 9 lines above' }));
    await waitFor(() => expect(numbersShown(container)[0]).toBe(1));
    expect(screen.queryByRole('button', { name: /lines above/ })).toBeNull();

    await userEvent.click(screen.getByRole('button', { name: 'Show 50 lines below' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Show 10 lines below' }));
    await waitFor(() => expect(numbersShown(container).at(-1)).toBe(130));
    expect(screen.queryByRole('button', { name: /lines below/ })).toBeNull();
    expect(numbersShown(container)).toEqual(Array.from({ length: 130 }, (_, index) => index + 1));

    const rows = [...container.querySelectorAll('.tc-read__row')];
    const added = rows.filter((row) => row.classList.contains('is-added'));
    expect(added).toHaveLength(130 - 11);
    expect(added[0]?.getAttribute('title')).toBe("not part of the agent's read");
    expect(rows.slice(59, 70).every((row) => !row.classList.contains('is-added'))).toBe(true);
    // The file is the one that was read: no warning about splicing two versions.
    expect(screen.queryByText(/changed since this read/)).toBeNull();
  });

  it('asks again where a byte-capped answer stopped, so the lines above end right at the window', async () => {
    const file = fileOf(200);
    // Every answer stops after 7 lines, as the read tool's byte cap would on long lines.
    const source = sourceFor((offset, limit) => file(offset, Math.min(limit, 7)));
    const { container } = render(<ReadCard view={readOf(100, 105, 200)} fileSource={source} />);
    await userEvent.click(screen.getByRole('button', { name: 'Show 50 lines above' }));
    await waitFor(() => expect(numbersShown(container)[0]).toBe(50));
    expect(numbersShown(container).slice(0, 56)).toEqual(Array.from({ length: 56 }, (_, index) => 50 + index));
  });

  it('says so when the file changed since the read instead of splicing silently', async () => {
    const source = sourceFor(fileOf(40, undefined, { mtimeMs: 2000, size: 5100 }));
    render(<ReadCard view={readOf(10, 20, 40)} fileSource={source} />);
    await userEvent.click(screen.getByRole('button', { name: /lines below/ }));
    expect(await screen.findByText(/The file changed since this read: the added lines are from the file as it is now/)).toBeTruthy();
  });

  it('shows the failure when the lines cannot be read', async () => {
    const source = sourceFor(() => {
      throw new Error('File not found: src/a.ts');
    });
    render(<ReadCard view={readOf(10, 20, 40)} fileSource={source} />);
    await userEvent.click(screen.getByRole('button', { name: /lines below/ }));
    expect((await screen.findByRole('alert')).textContent).toContain('Could not add lines: File not found: src/a.ts');
  });

  it('offers no growth without a file source (the gallery, an export)', () => {
    render(<ReadCard view={readOf(10, 20, 40)} />);
    expect(screen.queryByRole('button', { name: /lines (above|below)/ })).toBeNull();
  });
});

describe('a stale read', () => {
  it('shows no badge while the file is as read, then "changed since read" as soon as the server says it changed', async () => {
    const source = sourceFor(fileOf(40), 'unchanged');
    render(<ReadCard view={readOf(10, 20, 40)} fileSource={source} />);
    await waitFor(() => expect(source.freshness).toHaveBeenCalledTimes(1));
    expect(screen.queryByText(/since read/)).toBeNull();
    act(() => source.changed('changed-inside'));
    expect(await screen.findByText('changed since read')).toBeTruthy();
    // The stale read's actions load with the first stale read.
    expect(await screen.findByRole('button', { name: 'Show changes' })).toBeTruthy();
    act(() => source.changed('deleted'));
    expect(await screen.findByText('deleted since read')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Show changes' })).toBeNull();
  });

  it('shows the changes as a unified diff of the agent’s lines against the same lines now', async () => {
    const source = sourceFor(fileOf(40, (n) => (n === 15 ? 'line fifteen' : `line ${n}`)), 'changed-inside');
    render(<ReadCard view={readOf(10, 20, 40)} fileSource={source} />);
    await userEvent.click(await screen.findByRole('button', { name: 'Show changes' }));
    const diff = await screen.findByRole('region', { name: 'Changes since the read' });
    expect(within(diff).getByText('@@ -12,7 +12,7 @@')).toBeTruthy();
    expect(diff.querySelector('.is-removed')?.textContent).toContain('line 15');
    expect(diff.querySelector('.is-added')?.textContent).toContain('line fifteen');
    expect(source.lines).toHaveBeenCalledWith('src/a.ts', 10, 11);
    await userEvent.click(screen.getByRole('button', { name: 'Hide changes' }));
    expect(screen.queryByRole('region', { name: 'Changes since the read' })).toBeNull();
  });

  it('reads the same window again when asked', async () => {
    const onReadAgain = vi.fn();
    render(<ReadCard view={readOf(10, 20, 40)} fileSource={sourceFor(fileOf(40), 'changed-outside')} onReadAgain={onReadAgain} />);
    expect(await screen.findByText('changed since read (not these lines)')).toBeTruthy();
    const readAgain = await screen.findByRole('button', { name: 'Read again' });
    expect(screen.queryByRole('button', { name: 'Show changes' })).toBeNull();
    await userEvent.click(readAgain);
    expect(onReadAgain).toHaveBeenCalledWith({ path: 'src/a.ts', offset: 10, limit: 11 });
  });
});
