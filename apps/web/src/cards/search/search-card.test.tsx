import { beforeAll, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fileSources } from '../../test-support/file-source-fixtures';
import { DECEPTIVE_NAMES, searchMatchesFixtures, searchPathsFixtures } from '../../test-support/card-fixtures';
import { rawBidiControls } from '../text/raw-controls';
import { ResultCard, cardChunksReady } from '../result-card';
import { SearchMatchesCard } from './search-matches-card';

// The cards fetched with the page are in before anything is drawn here.
beforeAll(() => cardChunksReady);

const headers = () => [...document.querySelectorAll<HTMLElement>('.tc-search__group-header')];
const header = (path: string) => screen.getByRole('button', { name: new RegExp(`^${path.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}, `) });
const focused = () => document.activeElement as HTMLElement;

describe('The search card — matches', () => {
  it('summarizes and groups the matches per file, with count badges and split paths', () => {
    const { container } = render(<ResultCard view={searchMatchesFixtures.fewMatches} />);
    expect(screen.getByText('5 matches in 3 files')).toBeTruthy();
    expect(headers()).toHaveLength(3);
    const first = header('packages/tools/src/read/read-tool.ts');
    expect(first.getAttribute('aria-label')).toBe('packages/tools/src/read/read-tool.ts, 2 matches');
    expect(first.querySelector('.tc-path__folder')!.textContent).toBe('packages/tools/src/read/');
    expect(first.querySelector('.tc-path__name')!.textContent).toBe('read-tool.ts');
    expect(first.querySelector('.tc-badge')!.textContent).toBe('2');
    expect(container.querySelectorAll('.tc-search__match')).toHaveLength(5);
  });

  it('shows the lines another agent’s grep printed around each match in order, numbered, and not as matches', async () => {
    const user = userEvent.setup();
    const { container } = render(<ResultCard view={searchMatchesFixtures.withContext} />);
    const rows = [...container.querySelectorAll('.tc-search__match, .tc-search__logged-line')].map((row) => row.querySelector('.tc-search__line-number')!.textContent);
    expect(rows).toEqual(['1', '2', '3', '8', '9', '10']);
    expect(container.querySelectorAll('.tc-search__match')).toHaveLength(2);
    expect(screen.getAllByRole('group', { name: /^Context line/ }).map((group) => group.getAttribute('aria-label'))).toEqual(['Context line 1', 'Context line 3', 'Context line 8', 'Context line 10']);
    expect(screen.getAllByText('export const two = 2;')[0]!.closest('button')).toBeNull();
    // The arrows go from match to match, past the context lines.
    const first = screen.getByRole('button', { name: /line 2: \/\/ needle one/ });
    first.focus();
    await user.keyboard('{ArrowDown}');
    expect(focused().getAttribute('aria-label')).toMatch(/line 9: return needle/);
  });

  it('labels each match with its path, line and text, and marks the match', () => {
    render(<ResultCard view={searchMatchesFixtures.fewMatches} />);
    const row = screen.getByRole('button', { name: "packages/tools/src/read/read-tool.ts line 41: const bytes = await readFile(resolved);" });
    expect(row.querySelector('mark')!.textContent).toBe('readFile');
    expect(row.querySelector('.tc-search__line-number')!.textContent).toBe('41');
  });

  it('opens a match at its line when clicked, and marks it as opened', async () => {
    const user = userEvent.setup();
    const onOpenLocation = vi.fn();
    render(<ResultCard view={searchMatchesFixtures.fewMatches} shell={{ onOpenLocation }} />);
    const row = screen.getByRole('button', { name: /^packages\/session\/src\/replay\.ts line 58:/ });
    await user.click(row);
    expect(onOpenLocation).toHaveBeenCalledWith({ path: 'packages/session/src/replay.ts', line: 58 });
    expect(row.getAttribute('aria-current')).toBe('true');
  });

  it('expands and collapses a group, and all groups at once', async () => {
    const user = userEvent.setup();
    const { container } = render(<ResultCard view={searchMatchesFixtures.fewMatches} />);
    const group = header('packages/session/src/replay.ts');
    await user.click(group);
    expect(group.getAttribute('aria-expanded')).toBe('false');
    expect(container.querySelectorAll('.tc-search__match')).toHaveLength(3);
    await user.click(screen.getByRole('button', { name: 'Collapse all' }));
    expect(container.querySelectorAll('.tc-search__match')).toHaveLength(0);
    expect(headers().every((button) => button.getAttribute('aria-expanded') === 'false')).toBe(true);
    await user.click(screen.getByRole('button', { name: 'Expand all' }));
    expect(container.querySelectorAll('.tc-search__match')).toHaveLength(5);
  });

  it('says what a truncated result shows and opens the spilled full result', async () => {
    const user = userEvent.setup();
    const onOpenLocation = vi.fn();
    const { container } = render(<ResultCard view={searchMatchesFixtures.truncated} shell={{ onOpenLocation }} />);
    const summary = container.querySelector('.tc-search__summary')!;
    expect(summary.textContent).toBe('showing 250 of 1,204 matches — full result: .toolcards/spill/grep-2f9c1e.txt');
    await user.click(within(summary as HTMLElement).getByRole('button', { name: /full result/ }));
    expect(onOpenLocation).toHaveBeenCalledWith({ path: '.toolcards/spill/grep-2f9c1e.txt' });
    // 100 groups: the first ones open, the rest closed until asked.
    const group = container.querySelector<HTMLElement>('.tc-search__group')!;
    expect(group.getAttribute('aria-setsize')).toBe('100');
    expect(group.getAttribute('aria-posinset')).toBe('1');
    expect(screen.getAllByRole('button', { expanded: true }).length).toBeGreaterThan(0);
  });

  describe('a long result, virtualized', () => {
    const view = searchMatchesFixtures.truncated;
    const rowsInDom = (container: HTMLElement) => container.querySelectorAll('.tc-search__match').length;

    it('mounts a screenful of headers and rows, each saying its place and its list\'s size', () => {
      const { container } = render(<ResultCard view={view} />);
      expect(headers().length).toBeGreaterThan(3);
      expect(headers().length).toBeLessThan(view.files.length);
      expect(rowsInDom(container)).toBeLessThan(50);
      const groups = [...container.querySelectorAll<HTMLElement>('.tc-search__group')];
      expect(groups.map((each) => each.getAttribute('aria-posinset'))).toEqual(groups.map((_, index) => String(index + 1)));
      const firstRows = [...groups[0]!.querySelectorAll<HTMLElement>('.tc-search__row')];
      expect(firstRows.map((row) => `${row.getAttribute('aria-posinset')}/${row.getAttribute('aria-setsize')}`)).toEqual(
        view.files[0]!.matches.map((_, index) => `${index + 1}/${view.files[0]!.matches.length}`),
      );
      // The header names the rows' list while its group is open.
      const first = groups[0]!.querySelector('.tc-search__group-header')!;
      expect(groups[0]!.querySelector('.tc-search__matches')!.id).toBe(first.getAttribute('aria-controls'));
    });

    it('expands all without mounting every row: the canvas grows, the DOM keeps a screenful', async () => {
      const user = userEvent.setup();
      const { container } = render(<ResultCard view={view} />);
      const canvas = container.querySelector<HTMLElement>('.tc-search__canvas')!;
      const before = parseFloat(canvas.style.height);
      await user.click(screen.getByRole('button', { name: 'Expand all' }));
      const matches = view.files.reduce((sum, file) => sum + file.matches.length, 0);
      expect(parseFloat(canvas.style.height)).toBe(view.files.length * 28 + matches * 20);
      expect(parseFloat(canvas.style.height)).toBeGreaterThan(before);
      expect(rowsInDom(container)).toBeGreaterThan(10);
      expect(rowsInDom(container)).toBeLessThan(60);
      expect(headers().every((each) => each.getAttribute('aria-expanded') === 'true')).toBe(true);
    });

    it('moves focus to a row that was not mounted (End), keeps one tab stop, and comes back (Home)', async () => {
      const user = userEvent.setup();
      const { container } = render(<ResultCard view={view} />);
      const last = view.files.at(-1)!;
      expect(screen.queryByRole('button', { name: new RegExp(`^${last.path}, `) })).toBeNull();
      act(() => headers()[0]!.focus());
      await user.keyboard('{End}');
      expect(focused().getAttribute('aria-label')).toMatch(new RegExp(`^${last.path}, `));
      expect(focused().closest('.tc-search__group')!.getAttribute('aria-posinset')).toBe(String(view.files.length));
      expect(container.querySelectorAll('[data-roving-key][tabindex="0"]')).toHaveLength(1);
      await user.keyboard('{ArrowUp}');
      expect(focused().getAttribute('aria-label')).toMatch(new RegExp(`^${view.files.at(-2)!.path}, `));
      await user.keyboard('{Home}');
      expect(focused()).toBe(headers()[0]);
      expect(container.querySelectorAll('[data-roving-key][tabindex="0"]')).toHaveLength(1);
    });

    it('opens a group asked for (a find hit) and scrolls its rows into the DOM', async () => {
      // happy-dom has no layout: the list scrolls as far as a browser would let it.
      vi.spyOn(HTMLElement.prototype, 'scrollHeight', 'get').mockReturnValue(20_000);
      vi.spyOn(HTMLElement.prototype, 'clientHeight', 'get').mockImplementation(function (this: HTMLElement) {
        return this.classList.contains('tc-search__groups') ? 576 : 0;
      });
      try {
        const { container } = render(<SearchMatchesCard view={view} focusGroup={{ file: 80 }} />);
        const list = container.querySelector<HTMLElement>('.tc-search__groups')!;
        await waitFor(() => expect(list.scrollTop).toBeGreaterThan(80 * 28));
        fireEvent.scroll(list);
        await waitFor(() => expect(container.querySelector('[data-roving-key="g80m0"]')).toBeTruthy());
        expect(container.querySelector('[data-roving-key="g80"]')!.getAttribute('aria-expanded')).toBe('true');
      } finally {
        vi.restoreAllMocks();
      }
    });

    it('gives a row with its context open a measured height of its own, and the fixed one back when closed', async () => {
      const user = userEvent.setup();
      const { container } = render(<ResultCard view={view} shell={{ fileSource: fileSources.unchanged }} />);
      const canvas = container.querySelector<HTMLElement>('.tc-search__canvas')!;
      const before = parseFloat(canvas.style.height);
      const row = () => container.querySelector<HTMLElement>('.tc-search__row')!;
      expect(row().style.height).toBe('20px');
      // A long list's row actions come a frame after its first paint.
      const toggle = await within(row()).findByRole('button', { name: /^Show context/ });
      await user.click(toggle);
      expect(toggle.getAttribute('aria-expanded')).toBe('true');
      expect(row().querySelector(`#${CSS.escape(toggle.getAttribute('aria-controls')!)}`)).toBeTruthy();
      // Measured (a test DOM measures 0 px; a browser the row and its context).
      expect(row().style.height).toBe('');
      expect(parseFloat(canvas.style.height)).not.toBe(before);
      await user.click(toggle);
      expect(row().style.height).toBe('20px');
      expect(parseFloat(canvas.style.height)).toBe(before);
    });
  });

  it('marks several ranges per line and ranges after emoji and CJK text', () => {
    render(<ResultCard view={searchMatchesFixtures.highlightedRanges} />);
    const triple = screen.getByRole('button', { name: 'src/i18n/messages.ts line 7: needle = needle + needle;' });
    expect([...triple.querySelectorAll('mark')].map((mark) => mark.textContent)).toEqual(['needle', 'needle', 'needle']);
    const cjk = screen.getByRole('button', { name: /line 19:/ });
    expect(cjk.querySelector('.tc-search__line-text')!.textContent).toBe("greeting: '👋🏽 こんにちは 世界 — needle here',");
    expect([...cjk.querySelectorAll('mark')].map((mark) => mark.textContent)).toEqual(['needle']);
    const emoji = screen.getByRole('button', { name: /line 23:/ });
    expect([...emoji.querySelectorAll('mark')].map((mark) => mark.textContent)).toEqual(['needle']);
    const noRanges = screen.getByRole('button', { name: /src\/plain\.ts line 4:/ });
    expect(noRanges.querySelector('mark')).toBeNull();
  });

  it('clips a long line around its match, not at its start', () => {
    render(<ResultCard view={searchMatchesFixtures.highlightedRanges} />);
    const row = screen.getByRole('button', { name: /^src\/data\/padding\.ts line 1:/ });
    const text = row.querySelector('.tc-search__line-text')!.textContent!;
    expect(text.length).toBeLessThanOrEqual(160);
    expect(text.startsWith('…')).toBe(true);
    expect(row.querySelector('mark')!.textContent).toBe('needle');
  });

  it('states an empty result explicitly', () => {
    const { container } = render(<ResultCard view={searchMatchesFixtures.zeroMatches} />);
    const empty = screen.getByText('No matches');
    expect(empty.classList.contains('tc-card__empty')).toBe(true);
    expect(container.querySelector('ul')).toBeNull();
  });

  it('renders hostile file names and lines as text', () => {
    const { container } = render(<ResultCard view={searchMatchesFixtures.hostile} />);
    expect(container.querySelector('img')).toBeNull();
    expect(container.querySelector('.tc-path__name')!.textContent).toBe('<img src=x onerror=alert(1)>.ts');
  });

  describe('invisible and bidi characters', () => {
    it('shows deceptive file names as stored, with a warning for the bidi controls', () => {
      const { container } = render(<ResultCard view={searchMatchesFixtures.invisibleCharacters} />);
      expect(screen.getByRole('note').textContent).toMatch(/bidirectional Unicode control characters/);
      const zeroWidth = screen.getByRole('button', { name: 'src/zw[U+200B]space.ts, 1 match' });
      expect(zeroWidth.querySelector('.tc-path__name')!.textContent).toBe('zwU+200Bspace.ts');
      const cyrillic = screen.getByRole('button', { name: 'p\u0430ckage.json (mixed scripts: Latin and Cyrillic), 1 match' });
      expect(cyrillic.querySelector('.tc-script-warning')!.getAttribute('title')).toMatch(/Cyrillic \u0430 U\+0430/);
      expect(rawBidiControls(container)).toEqual([]);
    });

    it('keeps each mark on its match when the line has chips before or inside it', () => {
      render(<ResultCard view={searchMatchesFixtures.invisibleCharacters} />);
      const [trojan, after, inside] = screen.getAllByRole('button', { name: /^src\/auth\/is-admin\.js line / });
      expect(trojan!.getAttribute('aria-label')).toBe('src/auth/is-admin.js line 3: /*[U+202E] } [U+2066]if (isAdmin)[U+2069] [U+2066] begin admins only */');
      expect(trojan!.querySelector('.tc-search__line-text')!.textContent).toBe('/*U+202E } U+2066if (isAdmin)U+2069 U+2066 begin admins only */');
      expect([...trojan!.querySelectorAll('mark')].map((mark) => mark.textContent)).toEqual(['isAdmin']);
      expect([...after!.querySelectorAll('mark')].map((mark) => mark.textContent)).toEqual(['isAdmin']);
      expect(after!.querySelector('.tc-search__line-text')!.textContent).toBe('export const isU+200BAdmin = () => isAdmin;');
      expect(after!.querySelector('mark')!.nextSibling!.textContent).toBe(';');
      expect([...inside!.querySelectorAll('mark')].map((mark) => mark.textContent)).toEqual(['isU+200BAdmin']);
      expect(inside!.querySelector('mark .tc-escape')!.textContent).toBe('U+200B');
    });

    it('lists deceptive paths with chips, and flags only the mixed-script one', () => {
      const { container } = render(<ResultCard view={searchPathsFixtures.invisibleCharacters} />);
      expect(screen.getByRole('button', { name: 'Open downloads/report[U+202E]txt.exe' }).textContent).toBe('downloads/reportU+202Etxt.exe');
      expect(screen.getByRole('button', { name: `Open ${DECEPTIVE_NAMES.cyrillicA} (mixed scripts: Latin and Cyrillic)` })).toBeTruthy();
      expect(screen.getByRole('button', { name: 'Open docs/отчёт.txt' }).querySelector('.tc-script-warning')).toBeNull();
      expect(container.querySelectorAll('.tc-script-warning')).toHaveLength(1);
      expect(screen.getByRole('note')).toBeTruthy();
      expect(rawBidiControls(container)).toEqual([]);
    });

    it('shows no warning for ordinary results', () => {
      render(<ResultCard view={searchMatchesFixtures.fewMatches} />);
      expect(screen.queryByRole('note')).toBeNull();
    });
  });

  describe('keyboard', () => {
    it('keeps one tab stop and moves it with the arrows, Home and End', async () => {
      const user = userEvent.setup();
      const { container } = render(<ResultCard view={searchMatchesFixtures.fewMatches} />);
      const items = [...container.querySelectorAll<HTMLElement>('[data-roving-key]')];
      expect(items.filter((item) => item.tabIndex === 0)).toHaveLength(1);
      act(() => items[0]!.focus());

      await user.keyboard('{ArrowDown}');
      expect(focused().getAttribute('aria-label')).toMatch(/read-tool\.ts line 3:/);
      await user.keyboard('{ArrowDown}{ArrowDown}');
      expect(focused()).toBe(header('packages/session/src/replay.ts'));
      await user.keyboard('{End}');
      expect(focused().getAttribute('aria-label')).toMatch(/README\.md line 88:/);
      await user.keyboard('{ArrowUp}');
      expect(focused()).toBe(header('README.md'));
      await user.keyboard('{Home}');
      expect(focused()).toBe(items[0]);
      expect(focused().tabIndex).toBe(0);
      expect(container.querySelectorAll('[data-roving-key][tabindex="0"]')).toHaveLength(1);
    });

    it('toggles a group with Enter and Space, and with ArrowLeft / ArrowRight', async () => {
      const user = userEvent.setup();
      render(<ResultCard view={searchMatchesFixtures.fewMatches} />);
      const group = header('packages/tools/src/read/read-tool.ts');
      act(() => group.focus());
      await user.keyboard('{Enter}');
      expect(group.getAttribute('aria-expanded')).toBe('false');
      await user.keyboard(' ');
      expect(group.getAttribute('aria-expanded')).toBe('true');
      await user.keyboard('{ArrowLeft}');
      expect(group.getAttribute('aria-expanded')).toBe('false');
      await user.keyboard('{ArrowRight}');
      expect(group.getAttribute('aria-expanded')).toBe('true');
      await user.keyboard('{ArrowRight}');
      expect(focused().getAttribute('aria-label')).toMatch(/read-tool\.ts line 3:/);
      await user.keyboard('{ArrowLeft}');
      expect(focused()).toBe(group);
    });

    it('opens a match with Enter', async () => {
      const user = userEvent.setup();
      const onOpenLocation = vi.fn();
      render(<ResultCard view={searchMatchesFixtures.fewMatches} shell={{ onOpenLocation }} />);
      act(() => header('README.md').focus());
      await user.keyboard('{ArrowDown}{Enter}');
      expect(onOpenLocation).toHaveBeenCalledWith({ path: 'README.md', line: 88 });
    });

    it('moves the tab stop to the group header when its group collapses under it', async () => {
      const user = userEvent.setup();
      const { container } = render(<ResultCard view={searchMatchesFixtures.fewMatches} />);
      act(() => header('README.md').focus());
      await user.keyboard('{ArrowDown}');
      await user.click(screen.getByRole('button', { name: 'Collapse all' }));
      const stops = container.querySelectorAll<HTMLElement>('[data-roving-key][tabindex="0"]');
      expect(stops).toHaveLength(1);
      expect(stops[0]).toBe(header('README.md'));
    });
  });
});

describe('The search card — paths', () => {
  it('lists the paths with a summary and opens one when clicked', async () => {
    const user = userEvent.setup();
    const onOpenLocation = vi.fn();
    render(<ResultCard view={searchPathsFixtures.shortList} shell={{ onOpenLocation }} />);
    expect(screen.getByText('3 files')).toBeTruthy();
    const path = screen.getByRole('button', { name: 'Open scripts/start.test.ts' });
    await user.click(path);
    expect(onOpenLocation).toHaveBeenCalledWith({ path: 'scripts/start.test.ts' });
    expect(path.getAttribute('aria-current')).toBe('true');
  });

  it('says what a truncated list shows and opens the spilled full list', async () => {
    const user = userEvent.setup();
    const onOpenLocation = vi.fn();
    const { container } = render(<ResultCard view={searchPathsFixtures.truncated} shell={{ onOpenLocation }} />);
    expect(container.querySelector('.tc-search__summary')!.textContent).toBe(
      'showing 100 of 5,000 files — full result: .toolcards/spill/glob-a41d07.txt',
    );
    await user.click(screen.getByRole('button', { name: /full result/ }));
    expect(onOpenLocation).toHaveBeenCalledWith({ path: '.toolcards/spill/glob-a41d07.txt' });
    expect(container.querySelectorAll('.tc-search__path')).toHaveLength(100);
  });

  it('states an empty list explicitly', () => {
    const { container } = render(<ResultCard view={searchPathsFixtures.zeroFiles} />);
    expect(screen.getByText('No files').classList.contains('tc-card__empty')).toBe(true);
    expect(container.querySelector('ul')).toBeNull();
  });

  it('moves with the same keys and opens with Enter', async () => {
    const user = userEvent.setup();
    const onOpenLocation = vi.fn();
    const { container } = render(<ResultCard view={searchPathsFixtures.shortList} shell={{ onOpenLocation }} />);
    const items = [...container.querySelectorAll<HTMLElement>('.tc-search__path')];
    act(() => items[0]!.focus());
    await user.keyboard('{ArrowDown}');
    expect(focused()).toBe(items[1]);
    await user.keyboard('{End}');
    expect(focused()).toBe(items[2]);
    await user.keyboard('{Home}{ArrowDown} ');
    expect(onOpenLocation).toHaveBeenCalledWith({ path: 'packages/tools/src/read/read-tool.test.ts' });
  });

  it('renders a hostile path as text', () => {
    const { container } = render(<ResultCard view={searchPathsFixtures.hostile} />);
    expect(container.querySelector('img')).toBeNull();
    expect(screen.getByText('<img src=x onerror=alert(1)>')).toBeTruthy();
  });
});
