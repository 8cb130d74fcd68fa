import { test, expect, type ConsoleMessage, type Page, type Request, type Response, type Worker } from '@playwright/test';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  callFixtures,
  genericFixtures,
  readFixtures,
  resultFixtures,
  searchMatchesFixtures,
  searchPathsFixtures,
} from '../apps/web/src/test-support/card-fixtures';
import { fullResultFixtures } from '../apps/web/src/test-support/full-result-fixtures';
import { serveFolder, type FolderServer } from '../packages/server/src/http/static-files';
import { expectHighlighted } from './support/cards';
import { withEditorLinks } from './support/editor-link-checks';
import { matchContext, readChanged, readDeleted, readGrown } from './support/file-now-checks';
import { diffCard, diffHugeHunk, diffSplit, planCard } from './support/diff-plan-checks';
import { addedView, deletedView, hugeHunkView, modifiedView, noHunksView, pricingNow, renamedView } from '../apps/web/src/cards/diff/test-support/diff-fixtures';
import { emptyPlanView, mixedPlanView } from '../apps/web/src/cards/plan/test-support/plan-fixtures';
import { findInSession, sessionSearchResults } from './support/find-checks';
import { foldCollapsed, foldLive, foldOneOpen } from './support/fold-checks';
import { terminalStoryChecks } from './support/terminal-checks';
import { terminalFixtures } from '../apps/web/src/cards/terminal/test-support/terminal-fixtures';
import { filesPanel, filesPanelCards, readCardWithMinimap } from './support/files-checks';
import { outlineStory, stripStory } from './support/navigator-checks';
import { exportDialogStory } from './support/export-checks';
import { apiFileCards, apiReadView, filesSeenFixture } from '../apps/web/src/test-support/files-seen-fixtures';
import { FIND_WORD, sessionSearchAnswer } from '../apps/web/src/test-support/find-fixtures';
import { EDITED_LINE_24, fileNowText, FILE_NOW_TOTAL_LINES } from '../apps/web/src/test-support/file-source-fixtures';
import {
  callCard,
  dark,
  errorCard,
  fallbackView,
  genericCard,
  readCard,
  readCardAskingNext,
  readCardWithLongerLine,
  readCardWithLineLink,
  searchMatchesCard,
  searchMatchesFullResult,
  searchPathsCard,
  searchPathsFullResult,
  type StoryCheck,
} from './support/gallery-checks';

// The gallery: every story of the built Storybook renders in Chromium without a console
// error, a page error or a failed request (lazy grammar chunks, the highlighting worker),
// and shows what its fixture says it must (STORY_CHECKS). Build first: `npm run build-storybook`.

const STATIC_DIR = fileURLToPath(new URL('../storybook-static/', import.meta.url));
const INDEX_JSON = join(STATIC_DIR, 'index.json');
const MISSING = `storybook-static/index.json not found: run \`npm run build-storybook\` before this spec.`;

/** The modified diff story: a renamed parameter (its words marked) and the file now behind it. */
const MODIFIED_CHECK = {
  firstChange: { removed: [12, 'export function total(price: number, count: number): number {'], added: [12, pricingNow[11]!] },
  marked: { removed: 'count', added: 'quantity' },
  badge: 'applied',
  expandable: ['Expand 8 lines', 'Expand 20 lines', 'Expand 19 lines'],
  highlighted: true,
} satisfies Parameters<typeof diffCard>[1];

/** The mixed plan story, after the earlier plan of its session. */
const MIXED_PLAN_CHECK = { changes: '1 added, 1 completed', added: ['Run the tests'], completed: ['Rename count to quantity'] };

/**
 * What each story must show, by story id. Every story in the index needs an entry and every
 * entry a story: a renamed or removed story fails here instead of silently losing its check.
 */
const STORY_CHECKS: Readonly<Record<string, StoryCheck>> = {
  // Cards/Pending (call-card.stories.tsx): a pending read warms its language's grammar.
  'cards-pending--read-call': callCard(callFixtures.read, 'pending', { warms: 'typescript' }),
  'cards-pending--search-call': callCard(callFixtures.search, 'pending'),
  'cards-pending--edit-call': callCard(callFixtures.edit, 'pending'),
  'cards-pending--delete-call': callCard(callFixtures.delete, 'pending'),
  'cards-pending--move-call': callCard(callFixtures.move, 'pending'),
  'cards-pending--execute-call': callCard(callFixtures.execute, 'pending'),
  'cards-pending--fetch-call': callCard(callFixtures.fetch, 'pending'),
  'cards-pending--other-call': callCard(callFixtures.other, 'pending'),
  'cards-pending--untyped-call': callCard(callFixtures.untyped, 'pending'),
  'cards-pending--deceptive-names': callCard(callFixtures.deceptiveNames, 'pending', { warms: 'json' }),
  'cards-pending--queued': callCard(callFixtures.search, 'queued'),
  'cards-pending--unsaved': callCard(callFixtures.read, 'unsaved'),
  'cards-pending--cancelled': callCard(callFixtures.read, 'cancelled'),

  // Cards/Generic (generic-card.stories.tsx): results as ResultCard draws them.
  'cards-generic--plain-output': genericCard(genericFixtures.plainOutput),
  'cards-generic--long-output': genericCard(genericFixtures.longOutput),
  'cards-generic--empty-output': genericCard(genericFixtures.empty),
  // FS_NOT_FOUND, in the card's words; no call title in the story.
  'cards-generic--error-result': errorCard(resultFixtures.error, 'File not found'),
  'cards-generic--error-result-dark': dark(errorCard(resultFixtures.error, 'File not found')),
  'cards-generic--unknown-card': genericCard(fallbackView(resultFixtures.unknownCard)),
  'cards-generic--malformed-read': genericCard(fallbackView(resultFixtures.malformedRead)),
  'cards-generic--no-view': genericCard(fallbackView(resultFixtures.noView)),
  'cards-generic--invisible-characters': genericCard(genericFixtures.invisibleCharacters),
  'cards-generic--invisible-characters-dark': dark(genericCard(genericFixtures.invisibleCharacters)),

  // App/Files (files-panel.stories.tsx): the latest read of api-routes.ts changed since; the play opens api.ts's cards.
  'app-files--files': filesPanel(filesSeenFixture, { 'packages/server/src/api-routes.ts': 'changed since read' }),
  'app-files--files-dark': filesPanel(filesSeenFixture, { 'packages/server/src/api-routes.ts': 'changed since read' }, 'dark'),
  'app-files--file-cards': filesPanelCards(filesSeenFixture, 'packages/server/src/api.ts', apiFileCards),

  // Cards/Read/Minimap (read-minimap.stories.tsx): api.ts lines 90–120 beside its other read and grep matches.
  'cards-read-minimap--two-reads-and-matches': readCardWithMinimap(apiReadView, filesSeenFixture.find((file) => file.path === apiReadView.path)!),
  'cards-read-minimap--two-reads-and-matches-dark': dark(readCardWithMinimap(apiReadView, filesSeenFixture.find((file) => file.path === apiReadView.path)!)),
  'cards-read-minimap--narrow': readCardWithMinimap(apiReadView, filesSeenFixture.find((file) => file.path === apiReadView.path)!),

  // App/Find in session (find-bar.stories.tsx), App/Search all sessions (session-search.stories.tsx).
  'app-find-in-session--hit-in-collapsed-group': findInSession(FIND_WORD, { label: 'src/mod27.ts, 3 matches' }),
  'app-find-in-session--hit-in-collapsed-group-dark': findInSession(FIND_WORD, { label: 'src/mod27.ts, 3 matches' }, 'dark'),
  // App/Folded exploration (timeline/folded-exploration.stories.tsx).
  'app-folded-exploration--collapsed': foldCollapsed('light'),
  'app-folded-exploration--collapsed-dark': foldCollapsed('dark'),
  'app-folded-exploration--one-line-open': foldOneOpen('light'),
  'app-folded-exploration--one-line-open-dark': foldOneOpen('dark'),
  'app-folded-exploration--live': foldLive('light'),
  'app-folded-exploration--live-dark': foldLive('dark'),
  // App/Outline (navigator/navigator.stories.tsx), App/Overview strip (overview-strip/overview-strip.stories.tsx).
  'app-outline--outline': outlineStory('light'),
  'app-outline--outline-dark': outlineStory('dark'),
  // App/Export dialog (export/export-dialog.stories.tsx).
  'app-export-dialog--secrets-found': exportDialogStory({ findings: ['aws-access-key-id', 'github-token', 'password-in-url'] }),
  'app-export-dialog--secrets-found-dark': exportDialogStory({ findings: ['aws-access-key-id', 'github-token', 'password-in-url'] }, 'dark'),
  'app-export-dialog--from-an-addressed-card': exportDialogStory({ findings: ['aws-access-key-id', 'github-token', 'password-in-url'], from: '12' }),
  'app-export-dialog--range-chosen-on-the-cards': exportDialogStory({ findings: ['aws-access-key-id', 'github-token', 'password-in-url'], from: '12', to: '40', ends: 'From #12 Read src/a.ts — to #40 Search "deploy" (3 files)' }),
  'app-export-dialog--nothing-found': exportDialogStory({ findings: [] }),
  'app-overview-strip--strip': stripStory('light'),
  'app-overview-strip--strip-dark': stripStory('dark'),
  'app-search-all-sessions--results': sessionSearchResults(sessionSearchAnswer),
  'app-search-all-sessions--results-dark': sessionSearchResults(sessionSearchAnswer, 'dark'),

  // Cards/File now (read-file-now.stories.tsx): the play functions grow, open the diff, open the context.
  'cards-file-now--grown': readGrown({ totalLines: FILE_NOW_TOTAL_LINES, readFrom: 20, readTo: 29, textOf: fileNowText }),
  'cards-file-now--changed-since-read': readChanged({ line: 24, before: fileNowText(24), after: EDITED_LINE_24 }),
  'cards-file-now--changed-since-read-dark': dark(readChanged({ line: 24, before: fileNowText(24), after: EDITED_LINE_24 })),
  'cards-file-now--deleted-since-read': readDeleted(),
  'cards-file-now--match-context': matchContext({ textOf: fileNowText }, { line: 24, marked: 'option24' }),

  // Cards/Diff (diff/diff-card.stories.tsx): Modified has the file now behind it (applied, gaps expandable).
  'cards-diff--modified': diffCard(modifiedView, MODIFIED_CHECK),
  'cards-diff--modified-dark': diffCard(modifiedView, { ...MODIFIED_CHECK, theme: 'dark' }),
  'cards-diff--modified-split': diffSplit(modifiedView, { old: [12, modifiedView.files[0]!.hunks[0]!.lines[3]!.slice(1)], new: [12, pricingNow[11]!] }),
  'cards-diff--added-file': diffCard(addedView, { firstChange: { added: [1, addedView.files[0]!.hunks[0]!.lines[0]!.slice(1)] } }),
  'cards-diff--deleted-file': diffCard(deletedView, { firstChange: { removed: [1, 'def tax(amount):'] }, links: false }),
  'cards-diff--rename': diffCard(renamedView, { notes: ['Renamed; the text is the same.'], firstChange: { removed: [1, "export * from './currency';"], added: [1, "export * from './money';"] } }),
  'cards-diff--five-thousand-line-hunk': diffHugeHunk(hugeHunkView),
  'cards-diff--no-hunks': diffCard(noHunksView, { notes: ['No change to the text.'] }),

  // Cards/Plan (plan/plan-card.stories.tsx): Mixed follows an earlier plan of its session.
  'cards-plan--empty': planCard(emptyPlanView),
  'cards-plan--mixed': planCard(mixedPlanView, MIXED_PLAN_CHECK),
  'cards-plan--mixed-dark': planCard(mixedPlanView, { ...MIXED_PLAN_CHECK, theme: 'dark' }),

  // Cards/Read (read-card.stories.tsx).
  'cards-read--type-script': readCard(readFixtures.typescript),
  'cards-read--type-script-dark': dark(readCard(readFixtures.typescript)),
  'cards-read--plain-text': readCard(readFixtures.plainText),
  'cards-read--middle-of-file': readCard(readFixtures.middleOfFile),
  // With an onReadNext: "Next 1,601 lines" is a button; the story shows what a click asked for.
  'cards-read--middle-of-file-next-button': readCardAskingNext(readFixtures.middleOfFile),
  // The decorator links the cards to VS Code in "/home/dev/my project": a read opens at its target line.
  'cards-read--target-line': withEditorLinks(readCard(readFixtures.middleOfFile, { targetLine: 1_298 }), [
    { place: 'src/server/session-store.ts:1298', href: 'vscode://file/home/dev/my%20project/src/server/session-store.ts:1298:1' },
  ]),
  'cards-read--empty-window-at-offset': readCard(readFixtures.emptyWindowAtOffset),
  'cards-read--capped-window': readCard(readFixtures.cappedWindow),
  'cards-read--long-line': readCard(readFixtures.longLine),
  // Line 2 has 12,000 characters: the check clicks "+10,000 chars" and the row draws it whole.
  'cards-read--line-longer-than-row': readCardWithLongerLine(readFixtures.lineLongerThanRow, 2),
  'cards-read--two-thousand-lines': readCard(readFixtures.longTypescript),
  'cards-read--two-thousand-lines-dark': dark(readCard(readFixtures.longTypescript)),
  'cards-read--crlf-sourced': readCard(readFixtures.crlfSourced),
  'cards-read--hostile': readCard(readFixtures.hostile),
  // Line 1 starts with a byte order mark: kept raw at the start of a file.
  'cards-read--trojan-source': readCard(readFixtures.trojanSource, { keptRaw: [1] }),
  'cards-read--trojan-source-dark': dark(readCard(readFixtures.trojanSource, { keptRaw: [1] })),
  // Line 4 is emoji: the joiners and tag characters inside them are part of the emoji.
  'cards-read--invisible-characters': readCard(readFixtures.invisibleCharacters, { keptRaw: [4] }),
  'cards-read--mixed-script-name': readCard(readFixtures.mixedScriptName),
  // Opened by a line link: lines 1,290–1,296 selected and scrolled to; clicks on numbers change the address.
  'cards-read--selected-lines': readCardWithLineLink(readFixtures.middleOfFile, { start: 1_290, end: 1_296 }),
  'cards-read--selected-lines-dark': dark(readCardWithLineLink(readFixtures.middleOfFile, { start: 1_290, end: 1_296 })),

  // Cards/Search/Matches (search-matches-card.stories.tsx).
  // Each match opens at the column its match starts.
  'cards-search-matches--few-matches': withEditorLinks(
    searchMatchesCard(searchMatchesFixtures.fewMatches),
    [
      { place: 'packages/tools/src/read/read-tool.ts:41', href: 'vscode://file/home/dev/my%20project/packages/tools/src/read/read-tool.ts:41:25' },
      { place: 'README.md:88', href: 'vscode://file/home/dev/my%20project/README.md:88:2' },
    ],
    5,
  ),
  'cards-search-matches--truncated': searchMatchesCard(searchMatchesFixtures.truncated),
  'cards-search-matches--with-context': searchMatchesCard(searchMatchesFixtures.withContext),
  'cards-search-matches--with-context-dark': dark(searchMatchesCard(searchMatchesFixtures.withContext)),
  // With a fullResult, the story's play clicked "Show all 1,204": every file, a group opened by the check.
  'cards-search-matches--truncated-complete-result': searchMatchesFullResult(searchMatchesFixtures.truncated, fullResultFixtures.matches),
  'cards-search-matches--truncated-complete-result-dark': dark(searchMatchesFullResult(searchMatchesFixtures.truncated, fullResultFixtures.matches)),
  'cards-search-matches--highlighted-ranges': searchMatchesCard(searchMatchesFixtures.highlightedRanges),
  'cards-search-matches--highlighted-ranges-dark': dark(searchMatchesCard(searchMatchesFixtures.highlightedRanges)),
  'cards-search-matches--zero-matches': searchMatchesCard(searchMatchesFixtures.zeroMatches),
  'cards-search-matches--hostile': searchMatchesCard(searchMatchesFixtures.hostile),
  'cards-search-matches--invisible-characters': searchMatchesCard(searchMatchesFixtures.invisibleCharacters),
  'cards-search-matches--invisible-characters-dark': dark(searchMatchesCard(searchMatchesFixtures.invisibleCharacters)),

  // Cards/Search/Paths (search-paths-card.stories.tsx).
  'cards-search-paths--short-list': withEditorLinks(
    searchPathsCard(searchPathsFixtures.shortList),
    [{ place: 'scripts/start.test.ts:1', href: 'vscode://file/home/dev/my%20project/scripts/start.test.ts:1:1' }],
    3,
  ),
  'cards-search-paths--truncated': searchPathsCard(searchPathsFixtures.truncated),
  // With a fullResult, the story's play clicked "Show all 5,000": every path, paged in as it scrolls into view.
  'cards-search-paths--truncated-complete-result': searchPathsFullResult(searchPathsFixtures.truncated, fullResultFixtures.paths),
  'cards-search-paths--zero-files': searchPathsCard(searchPathsFixtures.zeroFiles),
  'cards-search-paths--hostile': searchPathsCard(searchPathsFixtures.hostile),
  'cards-search-paths--invisible-characters': searchPathsCard(searchPathsFixtures.invisibleCharacters),

  // Cards/Terminal (terminal-card.stories.tsx): e2e/support/terminal-checks.ts.
  ...terminalStoryChecks(terminalFixtures),
};

/** The story whose colours prove the Shiki worker and a lazy grammar chunk work. */
const HIGHLIGHT_STORY = 'cards-read--type-script';

interface IndexEntry {
  id: string;
  title: string;
  name: string;
  type: 'story' | 'docs';
}

function storiesInIndex(): IndexEntry[] {
  if (!existsSync(INDEX_JSON)) return [];
  const index = JSON.parse(readFileSync(INDEX_JSON, 'utf8')) as { entries: Record<string, IndexEntry> };
  return Object.values(index.entries).filter((entry) => entry.type === 'story');
}

const stories = storiesInIndex();
const storyById = new Map(stories.map((story) => [story.id, story]));
/** Stories of the index, then checks whose story is missing from it: each gets a test. */
const storyIds = [...new Set([...storyById.keys(), ...Object.keys(STORY_CHECKS)])];

/** Waits for Storybook to finish rendering the current story; returns its error display, if shown. */
async function storyRendered(page: Page): Promise<string> {
  // Storybook's own render lifecycle: … → 'completed' → 'finished' once the story rendered
  // (and its play function, if any, ran); 'errored' when rendering threw.
  await page.waitForFunction(() => {
    const preview = (window as { __STORYBOOK_PREVIEW__?: { currentRender?: { phase?: string } } }).__STORYBOOK_PREVIEW__;
    const phase = preview?.currentRender?.phase;
    return (
      phase === 'completed' ||
      phase === 'finished' ||
      phase === 'errored' ||
      document.body.classList.contains('sb-show-errordisplay')
    );
  });
  return page.evaluate(() =>
    document.body.classList.contains('sb-show-errordisplay')
      ? `${document.querySelector('#error-message')?.textContent ?? ''}\n${document.querySelector('#error-stack')?.textContent ?? ''}`
      : '',
  );
}

test.describe('Storybook gallery', () => {
  let server: FolderServer | undefined;
  // One page per worker: the ~1 MB preview bundle is parsed once and then served from
  // cache; each story is still a fresh navigation of the iframe.
  let page: Page;

  test.beforeAll(async ({ browser }) => {
    if (!existsSync(INDEX_JSON)) throw new Error(MISSING);
    // Chromium asks for /favicon.ico on its own; Storybook ships none. Not a story's problem.
    server = await serveFolder(STATIC_DIR, { noContent: ['/favicon.ico'] });
    page = await browser.newPage();
  });

  test.afterAll(async () => {
    await page?.close();
    await server?.close();
  });

  if (stories.length === 0) {
    test('storybook-static holds stories', () => {
      expect(existsSync(INDEX_JSON), MISSING).toBe(true);
      expect(stories.length, 'storybook-static/index.json lists no stories').toBeGreaterThan(0);
    });
  }

  for (const id of storyIds) {
    const story = storyById.get(id);
    const check = STORY_CHECKS[id];
    test(`${story ? `${story.title} / ${story.name}` : id} renders and shows its content`, async () => {
      expect(story, `STORY_CHECKS has a check for ${id}, but storybook-static/index.json has no such story (renamed or removed?)`).toBeDefined();
      expect(check, `story ${id} has no entry in STORY_CHECKS (e2e/gallery.spec.ts): say what it must show`).toBeDefined();
      if (!story || !check) return;

      const problems: string[] = [];
      const started = new Set<Request>();
      const inFlight = new Set<Request>();
      const finished: string[] = [];
      const onConsole = (message: ConsoleMessage) => {
        if (message.type() === 'error') problems.push(`console.error: ${message.text()}`);
      };
      const onPageError = (error: Error) => problems.push(`page error: ${error.message}`);
      const onRequest = (request: Request) => {
        started.add(request);
        inFlight.add(request);
      };
      const onRequestFinished = (request: Request) => {
        inFlight.delete(request);
        finished.push(request.url());
      };
      // Only this story's requests: the previous story's, cut short by this navigation, are not its failures.
      const onRequestFailed = (request: Request) => {
        inFlight.delete(request);
        if (started.has(request)) problems.push(`request failed: ${request.url()} (${request.failure()?.errorText ?? '?'})`);
      };
      const onResponse = (response: Response) => {
        if (response.status() >= 400) problems.push(`HTTP ${response.status()}: ${response.url()}`);
      };
      page.on('console', onConsole);
      page.on('pageerror', onPageError);
      page.on('request', onRequest);
      page.on('requestfinished', onRequestFinished);
      page.on('requestfailed', onRequestFailed);
      page.on('response', onResponse);
      try {
        await page.goto(`${server!.origin}/iframe.html?id=${encodeURIComponent(story.id)}&viewMode=story`);
        expect(await storyRendered(page), 'Storybook showed its error display').toBe('');

        const root = page.locator('#storybook-root');
        const card = root.getByRole('article');
        // A story of the shell around the cards (the sessions panel's search) holds none.
        const cards = check.cards ?? 1;
        await expect(card, `the story renders exactly ${cards === 1 ? 'one card' : 'no card'}`).toHaveCount(cards);
        if (cards === 1) await expect(card).not.toBeEmpty();
        await expect(page.locator('html')).toHaveAttribute('data-theme', check.theme);
        // Names and contents are text: nothing in a fixture may become an element.
        await expect(root.locator('img, script, iframe, object, embed'), 'markup from a fixture').toHaveCount(0);
        // The story's own expectations; they also wait for its lazy work (tokens painted, a grammar warmed).
        await check.assert({ page, root, card: cards === 1 ? card : root, finishedRequests: () => finished });

        // Judge only once nothing the story started is still on its way.
        await expect.poll(() => [...inFlight].map((request) => request.url()), { message: 'requests still in flight' }).toEqual([]);
        expect(problems, `problems while rendering ${story.id}`).toEqual([]);
      } finally {
        page.off('console', onConsole);
        page.off('pageerror', onPageError);
        page.off('request', onRequest);
        page.off('requestfinished', onRequestFinished);
        page.off('requestfailed', onRequestFailed);
        page.off('response', onResponse);
      }
    });
  }

  // The highlighter swallows its own failures (the card stays plain text), so a broken
  // worker or grammar chunk would pass a render smoke: check that colour really arrives,
  // through the worker. Fails, rather than vanishes, when its story is missing.
  test('the read card highlights through the Shiki worker and a lazy grammar chunk', async () => {
    expect(storyById.has(HIGHLIGHT_STORY), `${HIGHLIGHT_STORY} is not in storybook-static/index.json (renamed or removed?)`).toBe(true);
    const workers: string[] = [];
    const onWorker = (worker: Worker) => workers.push(worker.url());
    page.on('worker', onWorker);
    try {
      await page.goto(`${server!.origin}/iframe.html?id=${HIGHLIGHT_STORY}&viewMode=story`);
      expect(await storyRendered(page)).toBe('');
      // Tokens carry their light/dark colours as inline custom properties; the theme picks one.
      const card = page.locator('#storybook-root').getByRole('article');
      await expect(card.locator('[style*="--shiki-light"]').first()).toBeAttached();
      await expectHighlighted(card);
      expect(workers.length, 'the highlighting worker started').toBeGreaterThan(0);
    } finally {
      page.off('worker', onWorker);
    }
  });
});
