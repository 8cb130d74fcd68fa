import { beforeAll, afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import type { FullResultOutline, FullResultPage } from '@toolcards/protocol';
import { readFixtures, searchMatchesFixtures, searchPathsFixtures } from '../../test-support/card-fixtures';
import { ReadCard } from '../read/read-card';
import type { FullResultSource } from '../../net/full-result-source';
import { ResultCard, cardChunksReady } from '../result-card';
import { EditorProvider, type EditorTarget } from './editor-context';

// The cards fetched with the page are in before anything is drawn here.
beforeAll(() => cardChunksReady);

const PROJECT = '/home/me/my project';
const vscodeAt = { editor: 'vscode', cwd: PROJECT } as const satisfies EditorTarget;

function withEditor(target: EditorTarget | null, card: ReactNode) {
  return render(<EditorProvider target={target}>{card}</EditorProvider>);
}

const openLink = (name: RegExp | string = /^Open in editor/) => screen.getByRole('link', { name });
const focused = () => document.activeElement as HTMLElement;

describe('a read card’s editor actions', () => {
  it('opens the file at the line a search opened it at', () => {
    withEditor(vscodeAt, <ReadCard view={readFixtures.middleOfFile} targetLine={1_298} />);
    const link = openLink();
    expect(link.getAttribute('href')).toBe('vscode://file/home/me/my%20project/src/server/session-store.ts:1298:1');
    expect(link.getAttribute('aria-label')).toBe('Open in editor — src/server/session-store.ts:1298');
    expect(link.getAttribute('title')).toBe('Open src/server/session-store.ts:1298 in VS Code');
  });

  it('opens the file at the window’s first line without a target line', () => {
    withEditor({ editor: 'idea', cwd: '/w' }, <ReadCard view={readFixtures.middleOfFile} />);
    expect(openLink().getAttribute('href')).toBe('idea://open?file=/w/src/server/session-store.ts&line=1200&column=1');
    expect(openLink().getAttribute('title')).toBe('Open src/server/session-store.ts:1200 in IntelliJ IDEA');
  });

  it('copies path:line as the card names the file', async () => {
    const user = userEvent.setup();
    withEditor(vscodeAt, <ReadCard view={readFixtures.middleOfFile} targetLine={1_250} />);
    const copy = screen.getByRole('button', { name: /^Copy path:line/ });
    expect(copy.getAttribute('title')).toBe('Copy src/server/session-store.ts:1250');
    await user.click(copy);
    expect(await navigator.clipboard.readText()).toBe('src/server/session-store.ts:1250');
    expect(copy.textContent).toContain('Copied');
  });

  it('offers Copy path:line only, without a provider or with the editor set to none', () => {
    const { unmount } = render(<ReadCard view={readFixtures.middleOfFile} />);
    expect(screen.queryByRole('link', { name: /Open in editor/ })).toBeNull();
    expect(screen.getByRole('button', { name: /^Copy path:line/ })).toBeTruthy();
    unmount();
    withEditor({ editor: 'none', cwd: '/w' }, <ReadCard view={readFixtures.middleOfFile} />);
    expect(screen.queryByRole('link', { name: /Open in editor/ })).toBeNull();
    expect(screen.getByRole('button', { name: /^Copy path:line/ })).toBeTruthy();
  });
});

describe('a grep card’s match rows', () => {
  it('link each match at its line, at the column its first range starts', () => {
    withEditor({ editor: 'cursor', cwd: '/w' }, <ResultCard view={searchMatchesFixtures.fewMatches} />);
    // "    const bytes = await readFile(resolved);": readFile starts at offset 24, column 25.
    expect(openLink('Open in editor — packages/tools/src/read/read-tool.ts:41').getAttribute('href')).toBe('cursor://file/w/packages/tools/src/read/read-tool.ts:41:25');
    expect(openLink('Open in editor — packages/tools/src/read/read-tool.ts:3').getAttribute('href')).toBe('cursor://file/w/packages/tools/src/read/read-tool.ts:3:10');
    expect(screen.getAllByRole('link', { name: /^Open in editor/ })).toHaveLength(5);
  });

  it('copy a match’s path:line without opening the match', async () => {
    const user = userEvent.setup();
    const onOpenLocation = vi.fn();
    withEditor(vscodeAt, <ResultCard view={searchMatchesFixtures.fewMatches} shell={{ onOpenLocation }} />);
    await user.click(screen.getByRole('button', { name: 'Copy path:line — packages/session/src/replay.ts:58' }));
    expect(await navigator.clipboard.readText()).toBe('packages/session/src/replay.ts:58');
    expect(onOpenLocation).not.toHaveBeenCalled();
    // The row itself still opens the read.
    await user.click(screen.getByRole('button', { name: /^packages\/session\/src\/replay\.ts line 58:/ }));
    expect(onOpenLocation).toHaveBeenCalledWith({ path: 'packages/session/src/replay.ts', line: 58 });
  });

  it('keep the list one tab stop: Tab from the focused row reaches its actions, arrows still move between rows', async () => {
    const user = userEvent.setup();
    withEditor(vscodeAt, <ResultCard view={searchMatchesFixtures.fewMatches} />);
    const row41 = screen.getByRole('button', { name: /^packages\/tools\/src\/read\/read-tool\.ts line 41:/ });
    const row3 = screen.getByRole('button', { name: /^packages\/tools\/src\/read\/read-tool\.ts line 3:/ });
    // Only the active item's actions are tabbable.
    const tabbable = screen.getAllByRole('link', { name: /^Open in editor/ }).filter((link) => link.tabIndex === 0);
    expect(tabbable).toHaveLength(0);

    await user.click(row3);
    await user.keyboard('{ArrowDown}');
    expect(focused()).toBe(row41);
    await user.tab();
    expect(focused()).toBe(openLink('Open in editor — packages/tools/src/read/read-tool.ts:41'));
    await user.tab();
    expect(focused()).toBe(screen.getByRole('button', { name: 'Copy path:line — packages/tools/src/read/read-tool.ts:41' }));
    await user.tab({ shift: true });
    await user.tab({ shift: true });
    expect(focused()).toBe(row41);
    await user.keyboard('{ArrowUp}');
    expect(focused()).toBe(row3);
    expect(screen.getAllByRole('link', { name: /^Open in editor/ }).filter((link) => link.tabIndex === 0)).toEqual([
      openLink('Open in editor — packages/tools/src/read/read-tool.ts:3'),
    ]);
  });
});

describe('a glob card’s path rows', () => {
  it('link each path at its first line', async () => {
    const user = userEvent.setup();
    const onOpenLocation = vi.fn();
    withEditor({ editor: 'zed', cwd: '/w' }, <ResultCard view={searchPathsFixtures.shortList} shell={{ onOpenLocation }} />);
    expect(openLink('Open in editor — scripts/start.test.ts:1').getAttribute('href')).toBe('zed://file/w/scripts/start.test.ts:1:1');
    await user.click(screen.getByRole('button', { name: 'Copy path:line — scripts/start.test.ts:1' }));
    expect(await navigator.clipboard.readText()).toBe('scripts/start.test.ts:1');
    expect(onOpenLocation).not.toHaveBeenCalled();
  });
});

describe('the complete result’s rows', () => {
  beforeEach(() => {
    vi.spyOn(HTMLElement.prototype, 'clientHeight', 'get').mockImplementation(function (this: HTMLElement) {
      return this.classList.contains('tc-search__full') ? 576 : 0;
    });
    vi.spyOn(HTMLElement.prototype, 'clientWidth', 'get').mockReturnValue(600);
  });
  afterEach(() => vi.restoreAllMocks());

  const source: FullResultSource = {
    outline: async (): Promise<FullResultOutline> => ({ shape: 'matches', callId: 'c', total: 2, files: [{ path: 'src/a.ts', matches: 2 }] }),
    page: async (): Promise<FullResultPage> => ({ shape: 'matches', file: 0, offset: 0, matches: [{ lineNumber: 7, line: 'needle' }, { lineNumber: 9, line: 'needle' }] }),
  };
  const paths: FullResultSource = {
    outline: async (): Promise<FullResultOutline> => ({ shape: 'paths', callId: 'c', total: 2 }),
    page: async (): Promise<FullResultPage> => ({ shape: 'paths', offset: 0, paths: ['src/a.ts', 'src/b.ts'] }),
  };

  it('link a full grep’s matches at their line (a page has no ranges: column 1)', async () => {
    const user = userEvent.setup();
    withEditor(vscodeAt, <ResultCard view={searchMatchesFixtures.truncated} shell={{ fullResult: source }} />);
    await user.click(screen.getByRole('button', { name: 'Show all 1,204' }));
    const list = await screen.findByRole('list', { name: 'All 2 matches' });
    await user.click(within(list).getByRole('button', { name: /^src\/a\.ts, 2 matches/ }));
    const link = await within(list).findByRole('link', { name: 'Open in editor — src/a.ts:9' });
    expect(link.getAttribute('href')).toBe('vscode://file/home/me/my%20project/src/a.ts:9:1');
  });

  it('link a full glob’s paths at their first line', async () => {
    const user = userEvent.setup();
    withEditor(vscodeAt, <ResultCard view={searchPathsFixtures.truncated} shell={{ fullResult: paths }} />);
    await user.click(screen.getByRole('button', { name: /^Show all [\d,]+$/ }));
    const list = await screen.findByRole('list', { name: 'All 2 files' });
    const link = await within(list).findByRole('link', { name: 'Open in editor — src/b.ts:1' });
    expect(link.getAttribute('href')).toBe('vscode://file/home/me/my%20project/src/b.ts:1:1');
  });
});
