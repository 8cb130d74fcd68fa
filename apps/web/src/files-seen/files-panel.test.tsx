import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import type { FileSeen, ReadFreshnessState } from '@toolcards/protocol';
import type { FileSource } from '../net/file-source';
import { FILES_PAGE, FilesPanel, filteredFiles, type FilesPanelProps } from './files-panel';
import { apiFileCards, filesSeenFixture } from '../test-support/files-seen-fixtures';

afterEach(cleanup);

/** The row of the file at `path` (its button's name starts with the path). */
function rowOf(list: HTMLElement, path: string): HTMLElement {
  return within(list).getAllByRole('button').find((button) => button.querySelector('.tc-path')?.getAttribute('title') === path)!;
}

function renderPanel(props: Partial<FilesPanelProps> = {}) {
  const onOpenCard = vi.fn();
  const loadCards = vi.fn(async () => apiFileCards);
  render(<FilesPanel files={filesSeenFixture} loaded status={{ state: 'ready' }} loadCards={loadCards} onOpenCard={onOpenCard} {...props} />);
  return { onOpenCard, loadCards, list: screen.getByRole('list', { name: 'Files the session touched' }) };
}

/** A freshness source answering `state` for the read `callId`. */
function freshness(states: Record<string, ReadFreshnessState>) {
  const asked: string[] = [];
  const freshnessOf = (callId: string): FileSource => ({
    lines: () => Promise.reject(new Error('not in this test')),
    freshness: async () => {
      asked.push(callId);
      return states[callId] ?? 'unchanged';
    },
    watch: () => () => {},
  });
  return { asked, freshnessOf };
}

describe('FilesPanel', () => {
  it('lists every file with its read coverage, grep hits and glob listings, the files read first', () => {
    const { list } = renderPanel();
    expect(within(list).getAllByRole('button').map((row) => row.querySelector('.tc-path')?.getAttribute('title'))).toEqual([
      'packages/server/src/api-routes.ts',
      'packages/server/src/api.ts',
      'README.md',
      'packages/session/src/session-log.ts',
    ]);
    expect(rowOf(list, 'packages/server/src/api.ts').textContent).toContain('lines 1–40, 90–120 · 35.5% of 200');
    expect(rowOf(list, 'packages/server/src/api.ts').textContent).toContain('3 grep hits');
    expect(rowOf(list, 'packages/server/src/api-routes.ts').textContent).toContain('lines 1–64 · 100% of 64');
    expect(rowOf(list, 'packages/server/src/api-routes.ts').textContent).toContain('listed by 1 glob');
    expect(rowOf(list, 'packages/session/src/session-log.ts').textContent).toContain('not read');
    // A capped search's count is a floor: said so in words, and why in the title.
    const capped = within(rowOf(list, 'packages/session/src/session-log.ts')).getByText('at least 250 grep hits');
    expect(capped.getAttribute('title')).toMatch(/capped \(it kept its first matches only\), so the file may have more/);
    expect(rowOf(list, 'README.md').textContent).toContain('listed by 2 globs');
    expect(screen.getByText('4 files · 2 read')).toBeTruthy();
  });

  it('lists a selected file’s cards in order and opens the one chosen', async () => {
    const { onOpenCard, loadCards, list } = renderPanel();
    const row = rowOf(list, 'packages/server/src/api.ts');
    expect(row.getAttribute('aria-expanded')).toBe('false');
    fireEvent.click(row);
    expect(row.getAttribute('aria-expanded')).toBe('true');
    expect(loadCards).toHaveBeenCalledWith('packages/server/src/api.ts');
    const cards = await screen.findByRole('list', { name: 'Cards of packages/server/src/api.ts' });
    expect(row.getAttribute('aria-controls')).toBe(cards.id);
    const buttons = within(cards).getAllByRole('button');
    expect(buttons.map((button) => button.textContent)).toEqual(['read lines 1–40#4', 'grep matches#6', 'read lines 90–120#10']);
    fireEvent.click(buttons[2]!);
    expect(onOpenCard).toHaveBeenCalledWith(apiFileCards[2]);
    // Selecting it again closes it.
    fireEvent.click(row);
    expect(screen.queryByRole('list', { name: /^Cards of/ })).toBeNull();
  });

  it('says when a file’s latest read went stale, asking only for files read and on screen', async () => {
    // Rows are on screen once observed, except the second one.
    vi.stubGlobal(
      'IntersectionObserver',
      class {
        constructor(private readonly callback: (entries: { isIntersecting: boolean }[]) => void) {}
        observe(element: Element) {
          const hidden = element.textContent?.includes('api-routes.ts') ?? false;
          queueMicrotask(() => this.callback([{ isIntersecting: !hidden }]));
        }
        disconnect() {}
      },
    );
    const { asked, freshnessOf } = freshness({ call_read_api_2: 'changed-inside', call_read_routes: 'deleted' });
    const { list } = renderPanel({ freshnessOf });
    expect(await within(rowOf(list, 'packages/server/src/api.ts')).findByText('changed since read')).toBeTruthy();
    expect(within(rowOf(list, 'packages/server/src/api-routes.ts')).queryByText('deleted since read')).toBeNull();
    expect(asked).toEqual(['call_read_api_2']);
    vi.unstubAllGlobals();
  });

  it('filters by path and pages a long list', () => {
    const many: FileSeen[] = Array.from({ length: FILES_PAGE + 5 }, (_, index) => ({ path: `src/f${String(index).padStart(3, '0')}.ts`, glob: { listings: 1 }, cardCount: 1 }));
    const { list } = renderPanel({ files: many });
    expect(within(list).getAllByRole('button')).toHaveLength(FILES_PAGE);
    fireEvent.click(screen.getByRole('button', { name: 'Show 5 more of 5' }));
    expect(within(list).getAllByRole('button')).toHaveLength(FILES_PAGE + 5);
    fireEvent.change(screen.getByRole('searchbox', { name: 'Filter files' }), { target: { value: 'F20' } });
    expect(within(screen.getByRole('list', { name: 'Files the session touched' })).getAllByRole('button').map((button) => button.textContent)).toEqual([
      expect.stringContaining('src/f200.ts'),
      expect.stringContaining('src/f201.ts'),
      expect.stringContaining('src/f202.ts'),
      expect.stringContaining('src/f203.ts'),
      expect.stringContaining('src/f204.ts'),
    ]);
    expect(filteredFiles(many, '  nothing ')).toEqual([]);
  });

  it('says it is loading, that there is nothing yet, and a failure with a retry', () => {
    const onRetry = vi.fn();
    const { rerender } = render(<FilesPanel files={[]} loaded={false} status={{ state: 'loading' }} loadCards={vi.fn()} onOpenCard={vi.fn()} />);
    expect(screen.getByRole('status').textContent).toBe('Loading files…');
    rerender(<FilesPanel files={[]} loaded status={{ state: 'ready' }} loadCards={vi.fn()} onOpenCard={vi.fn()} />);
    expect(screen.getByRole('status').textContent).toContain('No files yet');
    rerender(<FilesPanel files={[]} loaded status={{ state: 'failed', message: 'HTTP 500' }} loadCards={vi.fn()} onOpenCard={vi.fn()} onRetry={onRetry} />);
    expect(screen.getByRole('alert').textContent).toContain('Could not list the files: HTTP 500');
    fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(onRetry).toHaveBeenCalled();
  });
});
