import type { ReactElement } from 'react';
import { beforeAll, afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { FullResultOutline, FullResultPage } from '@toolcards/protocol';
import { searchMatchesFixtures, searchPathsFixtures } from '../../test-support/card-fixtures';
import type { FullResultSource } from '../../net/full-result-source';
import { ResultCard, cardChunksReady } from '../result-card';

// The cards fetched with the page are in before anything is drawn here.
beforeAll(() => cardChunksReady);

/** 300 files of 4 matches; file 7 has 1,200 (it pages). Served from memory, as the route would page the spill. */
function matchesSource(): FullResultSource & { pages: { file?: number; offset: number; limit: number }[] } {
  const counts = Array.from({ length: 300 }, (_, file) => (file === 7 ? 1200 : 4));
  const path = (file: number) => `src/dir${String(file).padStart(3, '0')}/file.ts`;
  const pages: { file?: number; offset: number; limit: number }[] = [];
  return {
    pages,
    outline: async (): Promise<FullResultOutline> => ({
      shape: 'matches',
      callId: 'c',
      total: counts.reduce((sum, count) => sum + count, 0),
      files: counts.map((matches, file) => ({ path: path(file), matches })),
    }),
    page: async (query): Promise<FullResultPage> => {
      pages.push(query);
      const file = query.file!;
      const end = Math.min(counts[file]!, query.offset + query.limit);
      return {
        shape: 'matches',
        file,
        offset: query.offset,
        matches: Array.from({ length: Math.max(0, end - query.offset) }, (_, index) => ({ lineNumber: query.offset + index + 1, line: `needle ${file}:${query.offset + index + 1}` })),
      };
    },
  };
}

/** The card inside a stand-in for the timeline: the complete list's only scroller (decision 0016). */
function renderInTimeline(ui: ReactElement) {
  return render(
    <div data-testid="timeline" style={{ overflowY: 'auto' }}>
      {ui}
    </div>,
  );
}

/** The timeline scrolled so its top is `offset` px past the list's top (happy-dom has no layout: the list's place is given). */
function scrollTimelineTo(list: HTMLElement, offset: number) {
  vi.spyOn(list, 'getBoundingClientRect').mockReturnValue(DOMRect.fromRect({ x: 0, y: -offset, width: 600, height: 0 }));
  fireEvent.scroll(screen.getByTestId('timeline'));
}

describe('a capped search card over its complete result', () => {
  // Happy-dom has no layout: give the timeline the height of a browser's window, rows keep their estimated heights.
  beforeEach(() => {
    vi.spyOn(HTMLElement.prototype, 'clientHeight', 'get').mockImplementation(function (this: HTMLElement) {
      return this.dataset.testid === 'timeline' ? 576 : 0;
    });
    vi.spyOn(HTMLElement.prototype, 'clientWidth', 'get').mockReturnValue(600);
  });
  afterEach(() => vi.restoreAllMocks());

  it('shows every file of the full grep, loads a group\'s matches as it is expanded, and opens a match at its line', async () => {
    const user = userEvent.setup();
    const source = matchesSource();
    const onOpenLocation = vi.fn();
    const { container } = render(<ResultCard view={searchMatchesFixtures.truncated} shell={{ fullResult: source, onOpenLocation }} />);
    await user.click(screen.getByRole('button', { name: 'Show all 1,204' }));

    const list = await screen.findByRole('list', { name: 'All 2,396 matches' });
    expect(container.querySelector('.tc-search__summary')!.textContent).toMatch(/^all 2,396 matches in 300 files — Show the first page only$/);
    // Virtualized: 300 files, only a window of rows in the DOM.
    const rendered = within(list).getAllByRole('button');
    expect(rendered.length).toBeGreaterThan(10);
    expect(rendered.length).toBeLessThan(60);
    expect(source.pages).toEqual([]);

    await user.click(within(list).getByRole('button', { name: 'src/dir001/file.ts, 4 matches' }));
    const match = await within(list).findByRole('button', { name: 'src/dir001/file.ts line 3: needle 1:3' });
    expect(source.pages).toEqual([{ file: 1, offset: 0, limit: 500 }]);
    await user.click(match);
    expect(onOpenLocation).toHaveBeenCalledWith({ path: 'src/dir001/file.ts', line: 3 });

    // Back to the first page as the tool returned it.
    await user.click(screen.getByRole('button', { name: 'Show the first page only' }));
    expect(screen.queryByRole('list', { name: /^All / })).toBeNull();
    expect(container.querySelector('.tc-search__summary')!.textContent).toMatch(/^showing 250 of 1,204 matches/);
  });

  it('pages a large file: "Show 500 more" asks for the next page', async () => {
    const user = userEvent.setup();
    const source = matchesSource();
    renderInTimeline(<ResultCard view={searchMatchesFixtures.truncated} shell={{ fullResult: source }} />);
    await user.click(screen.getByRole('button', { name: 'Show all 1,204' }));
    const list = await screen.findByRole('list', { name: /^All / });
    await user.click(within(list).getByRole('button', { name: 'src/dir007/file.ts, 1,200 matches' }));
    await within(list).findByRole('button', { name: /^src\/dir007\/file\.ts line 1: / });
    // The timeline scrolled to the end of the loaded 500 (7 headers of 28px, then 500 rows of 20px).
    scrollTimelineTo(list, 7 * 28 + 500 * 20 - 300);
    const more = await within(list).findByRole('button', { name: 'Show 500 more (700 left)' });
    await user.click(more);
    await waitFor(() => expect(source.pages).toEqual([{ file: 7, offset: 0, limit: 500 }, { file: 7, offset: 500, limit: 500 }]));
    scrollTimelineTo(list, 7 * 28 + 1000 * 20 - 300);
    expect(await within(list).findByRole('button', { name: 'Show 200 more (200 left)' })).toBeTruthy();
    expect(within(list).getByRole('button', { name: 'src/dir007/file.ts line 1000: needle 7:1000' })).toBeTruthy();
  });

  it('keeps the preview in place while the complete result loads, so the card does not shrink under the person', async () => {
    const user = userEvent.setup();
    let answer: (outline: FullResultOutline) => void = () => {};
    const source: FullResultSource = { ...matchesSource(), outline: () => new Promise((resolve) => (answer = resolve)) };
    const { container } = render(<ResultCard view={searchMatchesFixtures.truncated} shell={{ fullResult: source }} />);
    const previewRows = container.querySelectorAll('.tc-search__row').length;
    expect(previewRows).toBeGreaterThan(0);
    await user.click(screen.getByRole('button', { name: 'Show all 1,204' }));
    expect((await screen.findByRole('status')).textContent).toBe('Loading the complete result…');
    // (Rows still mounting since the first frame may have joined them.)
    expect(container.querySelectorAll('.tc-search__row').length).toBeGreaterThanOrEqual(previewRows);
    answer(await matchesSource().outline());
    await waitFor(() => expect(screen.queryByText('Loading the complete result…')).toBeNull());
    expect(container.querySelector('.tc-search__full')).not.toBeNull();
  });

  it('says why when the complete result cannot be loaded', async () => {
    const user = userEvent.setup();
    const source: FullResultSource = { outline: () => Promise.reject(new Error('the saved full result is gone')), page: () => Promise.reject(new Error('x')) };
    render(<ResultCard view={searchMatchesFixtures.truncated} shell={{ fullResult: source }} />);
    await user.click(screen.getByRole('button', { name: 'Show all 1,204' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Could not load the complete result: the saved full result is gone');
  });

  it('lists every path of a full glob, fetched page by page as rows come into view', async () => {
    const user = userEvent.setup();
    const asked: number[] = [];
    const source: FullResultSource = {
      outline: async () => ({ shape: 'paths', callId: 'c', total: 5000 }),
      page: async (query) => {
        asked.push(query.offset);
        return { shape: 'paths', offset: query.offset, paths: Array.from({ length: query.limit }, (_, index) => `p/${query.offset + index}.ts`) };
      },
    };
    const onOpenLocation = vi.fn();
    render(<ResultCard view={searchPathsFixtures.truncated} shell={{ fullResult: source, onOpenLocation }} />);
    await user.click(screen.getByRole('button', { name: 'Show all 5,000' }));
    const list = await screen.findByRole('list', { name: 'All 5,000 files' });
    await user.click(await within(list).findByRole('button', { name: 'Open p/3.ts' }));
    expect(onOpenLocation).toHaveBeenCalledWith({ path: 'p/3.ts' });
    expect(asked).toEqual([0]);
  });
});
