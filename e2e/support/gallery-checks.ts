import { expect, type Locator, type Page } from '@playwright/test';
import type { GenericResultView, ReadResultView, SearchMatchesResultView, SearchPathsResultView, ToolCallView } from '@toolcards/protocol';
import type { ResultFixture } from '../../apps/web/src/test-support/card-fixtures';
import type { FullMatchesFile } from '../../apps/web/src/test-support/full-result-fixtures';
import { ROW_TEXT_MAX_CHARS } from '../../apps/web/src/cards/read/row-text-cap';

/**
 * What each gallery story must show, computed from the fixture its story renders. The
 * expectations are written from the cards' contract (what a user sees), not by calling
 * the cards' own helpers, so a card that renders nothing, or the wrong thing, fails.
 */

export interface StoryScope {
  page: Page;
  /** `#storybook-root`. */
  root: Locator;
  /** The story's one card (the root's only article). */
  card: Locator;
  /** URLs of the requests that finished since the story was opened (grammar chunks included). */
  finishedRequests: () => readonly string[];
}

export interface StoryCheck {
  /** The theme the story's globals ask for, seen as `data-theme` on <html>. */
  theme: 'light' | 'dark';
  /** Cards the story shows: 1 (default), or 0 for a story of the shell (then `card` is the root). */
  cards?: 0 | 1;
  assert(scope: StoryScope): Promise<void>;
}

// ── Text as the cards show it ─────────────────────────────────────────────

/**
 * The characters the fixtures hold that a card must show as an escape chip ("U+202E"):
 * bidi controls, zero-width and other invisible characters, C0/C1 controls (not tab or
 * line feed), tag characters. Characters kept in context (a byte order mark starting a
 * file, a joiner inside an emoji) are named per story with `keptRaw`.
 */
const CHIP_CHARACTERS = /[\u0000-\u0008\u000B-\u001F\u007F-\u009F\u00AD\u061C\u200B-\u200F\u2028-\u202E\u2060-\u206F\u3164\uFEFF]|[\u{E0000}-\u{E0FFF}]/gu;
const BIDI_CONTROL = /[\u061C\u200E\u200F\u202A-\u202E\u2066-\u2069]/u;

const codePointLabel = (character: string) => `U+${character.codePointAt(0)!.toString(16).toUpperCase().padStart(4, '0')}`;

/** The labels of the chips `text` must show, in order. */
export function chipLabels(text: string): string[] {
  return [...text.matchAll(CHIP_CHARACTERS)].map(([character]) => codePointLabel(character));
}

/** The text content of `text` on screen: each chip reads as its label. */
export function shown(text: string): string {
  return text.replace(CHIP_CHARACTERS, codePointLabel);
}

/** Multi-line output: line feeds and the CR of CRLF stay line breaks, a lone CR is a chip. */
function shownMultiline(text: string): string {
  return text.split('\r\n').map(shown).join('\r\n');
}

function multilineChipLabels(text: string): string[] {
  return text.split('\r\n').flatMap(chipLabels);
}

/** An accessible name or tooltip: a chip is written "[U+202E]". */
export function spoken(text: string): string {
  return text.replace(CHIP_CHARACTERS, (character) => `[${codePointLabel(character)}]`);
}

export const hasBidi = (...texts: string[]) => texts.some((text) => BIDI_CONTROL.test(text));

/** A word (a run of letters) mixing look-alike scripts, as `pаckage.json` with a Cyrillic а. */
function isMixedScript(text: string): boolean {
  return (text.match(/[\p{L}\p{M}]+/gu) ?? []).some(
    (word) => [/\p{Script=Latin}/u, /\p{Script=Greek}/u, /\p{Script=Cyrillic}/u].filter((script) => script.test(word)).length > 1,
  );
}

const MIXED_SCRIPT_MARKER = '⚠ mixed scripts';

const grouped = new Intl.NumberFormat('en-US');
const count = (n: number) => grouped.format(n);
const counted = (n: number, one: string, many: string) => `${count(n)} ${n === 1 ? one : many}`;

// ── Shared by every card ──────────────────────────────────────────────────

/** The bidi banner is there exactly when some text of the card holds a bidi control. */
export async function expectBidiBanner(card: Locator, expected: boolean): Promise<void> {
  const banner = card.locator('.tc-card__warning');
  if (!expected) {
    await expect(banner, 'no bidi banner').toHaveCount(0);
    return;
  }
  await expect(banner).toHaveCount(1);
  await expect(banner).toHaveRole('note');
  await expect(banner).toContainText('bidirectional Unicode control characters');
}

async function expectMixedScriptMarkers(card: Locator, names: readonly string[]): Promise<void> {
  await expect(card.locator('.tc-script-warning'), 'mixed-script markers').toHaveCount(names.filter(isMixedScript).length);
}

/**
 * Waits for Shiki's tokens on the card's code: the grammar chunk loaded and the worker
 * answered. (How many colours they make depends on the code: a minified line past
 * Shiki's per-line time limit stays one plain token. The colours themselves are checked
 * on the TypeScript story by the highlighting test.)
 */
export async function expectTokens(card: Locator): Promise<void> {
  await expect(card.locator('.tc-tok[style*="--shiki-light"]').first(), 'Shiki tokens with their colours').toBeAttached();
}

/** Waits for the lazily loaded grammar chunk of `lang` (a pending read warms its language). */
async function expectGrammarFetched(scope: StoryScope, lang: string): Promise<void> {
  const chunk = new RegExp(`/${lang}-[\\w-]+\\.js$`);
  await expect
    .poll(() => scope.finishedRequests().some((url) => chunk.test(new URL(url).pathname)), { message: `the ${lang} grammar chunk was fetched` })
    .toBe(true);
}

export function dark(check: StoryCheck): StoryCheck {
  return { ...check, theme: 'dark' };
}

// ── Read ──────────────────────────────────────────────────────────────────

/** Above this many lines the read card renders only the rows near its viewport. */
const VIRTUALIZE_ABOVE_LINES = 200;

/** The read tool's default window: a continuation asks for at most this many lines. */
const READ_WINDOW_LINES = 2_000;

interface ReadOptions {
  targetLine?: number;
  /** Line numbers shown exactly as stored: their special characters are kept in context. */
  keptRaw?: readonly number[];
  /** The story gives the card an `onReadNext`: what is left of the file is a "Next N lines" button. */
  nextButton?: boolean;
}

interface ReadRange {
  range: string;
  /** "1,601 more lines", said by a card that cannot ask for the rest. */
  more?: string;
  /** The continuation read a card that can ask for it offers. */
  next?: { offset: number; limit: number; label: string };
}

function readRange({ offset, lines, totalLines }: ReadResultView): ReadRange {
  const first = lines[0];
  const last = lines[lines.length - 1];
  if (!first || !last) return { range: `no lines shown from offset ${count(offset)} (file has ${counted(totalLines, 'line', 'lines')})` };
  const range = `lines ${count(first.number)}–${count(last.number)} of ${count(totalLines)}`;
  if (last.number >= totalLines) return { range };
  const left = totalLines - last.number;
  const limit = Math.min(left, READ_WINDOW_LINES);
  return {
    range,
    more: counted(left, 'more line', 'more lines'),
    next: { offset: last.number + 1, limit, label: `Next ${counted(limit, 'line', 'lines')}` },
  };
}

interface RowSnapshot {
  index: number;
  number: number;
  text: string;
  chips: string[];
  /** The mark beside a line the read tool cut short. */
  cut: string | null;
  target: boolean;
}

function readRows(card: Locator): Promise<RowSnapshot[]> {
  return card.locator('.tc-read__row').evaluateAll((rows) =>
    rows.map((row) => ({
      index: Number(row.getAttribute('data-index')),
      number: Number(row.querySelector('.tc-read__gutter')?.getAttribute('data-line-number')),
      text: row.querySelector('.tc-read__code')?.textContent ?? '',
      chips: [...row.querySelectorAll('.tc-escape')].map((chip) => chip.textContent ?? ''),
      cut: row.querySelector('.tc-read__cut')?.getAttribute('aria-label') ?? null,
      target: row.classList.contains('is-target'),
    })),
  );
}

/** Header (path, language, range, continuation), gutter numbers, every rendered line's text and chips, highlighting. */
export function readCard(view: ReadResultView, options: ReadOptions = {}): StoryCheck {
  const { targetLine, keptRaw = [], nextButton = false } = options;
  const expectedRow = (index: number): RowSnapshot => {
    const line = view.lines[index]!;
    const raw = keptRaw.includes(line.number);
    return {
      index,
      number: line.number,
      text: raw ? line.text : shown(line.text),
      chips: raw ? [] : chipLabels(line.text),
      cut: line.cutAtChars === undefined ? null : `line cut at ${count(line.cutAtChars)} characters`,
      target: line.number === targetLine,
    };
  };
  return {
    theme: 'light',
    async assert(scope) {
      const { card } = scope;
      await expect(card).toHaveClass(/\btc-card--read\b/);
      await expect(card).toHaveAttribute('aria-label', spoken(view.title ?? `Read ${view.path}`));
      await expect(card.locator('.tc-card__heading .tc-path')).toHaveText(shown(view.path));
      await expect(card.locator('.tc-read__lang')).toHaveText(view.lang ?? 'plain text');
      const { range, more, next } = readRange(view);
      await expect(card.locator('.tc-read__range')).toHaveText(range);
      const nextWindow = card.locator('.tc-read__next');
      if (more === undefined || next === undefined) {
        await expect(card.locator('.tc-read__more')).toHaveCount(0);
        await expect(nextWindow).toHaveCount(0);
      } else if (nextButton) {
        // A card that can ask for the rest offers it (at most a default window), and says nothing else.
        await expect(card.locator('.tc-read__more')).toHaveCount(0);
        await expect(nextWindow).toHaveRole('button');
        await expect(nextWindow, 'the continuation read, as a button').toHaveAccessibleName(next.label);
        await expect(nextWindow).toHaveAttribute('title', `read ${view.path} from line ${next.offset}`);
        await expect(nextWindow).toBeEnabled();
      } else {
        // A story without a shell to run the next read: the card says how much is left instead of offering it.
        await expect(nextWindow).toHaveCount(0);
        await expect(card.locator('.tc-read__more'), 'what is left of the file').toHaveText(more);
      }
      await expectBidiBanner(card, hasBidi(view.path, ...view.lines.map((line) => line.text)));
      await expectMixedScriptMarkers(card, [view.path]);

      if (view.lines.length === 0) {
        await expect(card.locator('.tc-read__row'), 'an empty window has no rows').toHaveCount(0);
        await expect(card.getByRole('button', { name: 'Copy code' })).toHaveCount(0);
        return;
      }
      await expect(card.getByRole('region', { name: 'File contents' })).toBeVisible();
      await expect(card.getByRole('button', { name: 'Wrap' })).toBeVisible();
      await expect(card.getByRole('button', { name: 'Copy code' })).toBeVisible();
      if (view.lang !== undefined) await expectTokens(card);
      else await expect(card.locator('.tc-tok'), 'plain text has no tokens').toHaveCount(0);

      const virtual = view.lines.length > VIRTUALIZE_ABOVE_LINES;
      if (virtual) {
        // A long window renders the rows near its viewport only: compare those.
        await expect(card.locator('.tc-read__row').first()).toBeAttached();
        const rows = await readRows(card);
        expect(rows.length, 'a long window is virtualized').toBeLessThan(view.lines.length);
        expect(rows, 'the rendered rows of the read card (gutter number, text, chips)').toEqual(rows.map((row) => expectedRow(row.index)));
      } else {
        await expect
          .poll(() => readRows(card), { message: 'the rows of the read card (gutter number, text, chips)' })
          .toEqual(view.lines.map((_, index) => expectedRow(index)));
      }

      const target = card.locator('.tc-read__row.is-target');
      if (targetLine === undefined) {
        await expect(target).toHaveCount(0);
        if (virtual) expect((await readRows(card)).some((row) => row.index === 0), 'a long window opens at its first line').toBe(true);
      } else {
        await expect(target).toHaveCount(1);
        await expect(target).toHaveAttribute('aria-current', 'true');
        await expect(target.locator('.tc-read__gutter')).toHaveAttribute('data-line-number', String(targetLine));
        await expect(target, 'the card scrolled its viewport to the target line').toBeInViewport();
      }
    },
  };
}

/**
 * A read card given an `onReadNext`: everything `readCard` checks, with "Next N lines" a
 * button; clicking it asks for the window after this one, which the story shows below
 * the card ("asked for: read <path> from <offset>, <limit> lines").
 */
export function readCardAskingNext(view: ReadResultView): StoryCheck {
  const shows = readCard(view, { nextButton: true });
  const { next } = readRange(view);
  if (next === undefined) throw new Error('the fixture ends at the end of its file: there is no next window to ask for');
  return {
    ...shows,
    async assert(scope) {
      await shows.assert(scope);
      const asked = scope.root.getByTestId('read-next-request');
      await expect(asked, 'nothing asked for before the click').toHaveCount(0);
      await scope.card.getByRole('button', { name: next.label }).click();
      await expect(asked, 'the request the click made').toHaveText(`asked for: read ${view.path} from ${next.offset}, ${next.limit} lines`);
    },
  };
}

/**
 * A read card with a line longer than a row draws (ROW_TEXT_MAX_CHARS): the row shows the
 * line's start and "+N chars"; a click on it draws the whole line, coloured, in that row.
 */
export function readCardWithLongerLine(view: ReadResultView, lineNumber: number): StoryCheck {
  const line = view.lines.find((each) => each.number === lineNumber);
  if (line === undefined || line.text.length <= ROW_TEXT_MAX_CHARS) throw new Error(`line ${lineNumber} of the fixture is not longer than a row draws`);
  const rest = line.text.length - ROW_TEXT_MAX_CHARS;
  return {
    theme: 'light',
    async assert({ card }) {
      // `has` is queried inside each row: a page-level locator, not one under the card.
      const row = card.locator('.tc-read__row').filter({ has: card.page().locator(`.tc-read__gutter[data-line-number="${lineNumber}"]`) });
      const code = row.locator('.tc-read__code');
      const button = row.getByRole('button', { name: `Show the rest of line ${lineNumber}: ${count(rest)} more characters` });
      await expect(button).toHaveText(`+${count(rest)} chars`);
      await expect(code, 'the row draws the line up to the cap').toHaveText(line.text.slice(0, ROW_TEXT_MAX_CHARS));
      await expectTokens(card);
      await button.click();
      await expect(button, 'the whole line drawn: nothing left to show').toHaveCount(0);
      await expect(code, 'the whole line, in its row').toHaveText(line.text);
      await expect(code.locator('.tc-tok').first(), 'still coloured').toBeVisible();
    },
  };
}

/** Line numbers `start`..`end`. */
const lineNumbers = (start: number, end: number) => Array.from({ length: end - start + 1 }, (_, index) => start + index);

/**
 * A read card opened by a line link (the story gives it an address, as the timeline does):
 * everything `readCard` checks; the linked lines selected (their rows marked on a background
 * of their own, their numbers pressed) and scrolled into the card's viewport; a "Copy link"
 * action; a click and then a shift-click on line numbers select other lines, and the address
 * the story shows below the card follows.
 */
export function readCardWithLineLink(view: ReadResultView, linked: { start: number; end: number }): StoryCheck {
  const shows = readCard(view);
  return {
    ...shows,
    async assert(scope) {
      await shows.assert(scope);
      const { card, root } = scope;
      const selected = card.locator('.tc-read__row.is-selected');
      const selectedNumbers = () => selected.locator('.tc-read__gutter').evaluateAll((numbers) => numbers.map((number) => Number(number.getAttribute('data-line-number'))));
      await expect.poll(selectedNumbers, { message: 'the linked lines are selected' }).toEqual(lineNumbers(linked.start, linked.end));
      await expect(selected.first(), 'the card scrolled its viewport to the linked lines').toBeInViewport();
      await expect(card.getByRole('button', { name: `Line ${linked.start}`, exact: true })).toHaveAttribute('aria-pressed', 'true');
      await expect(card.getByRole('button', { name: `Line ${linked.end + 1}`, exact: true })).toHaveAttribute('aria-pressed', 'false');
      const backgrounds = await selected.first().evaluate((row) => {
        const plain = row.parentElement!.querySelector('.tc-read__row:not(.is-selected)')!;
        return [getComputedStyle(row).backgroundColor, getComputedStyle(plain).backgroundColor];
      });
      expect(backgrounds[0], 'a selected line has a background of its own').not.toBe(backgrounds[1]);
      await expect(card.getByRole('button', { name: 'Copy link' })).toBeVisible();

      const address = root.getByTestId('line-address');
      await expect(address).toHaveText(`address: #/s/story/7/L${linked.start}-L${linked.end}`);
      const from = linked.start + 2;
      const to = linked.end + 3;
      await card.getByRole('button', { name: `Line ${from}`, exact: true }).click();
      await expect(address, 'a click selects one line').toHaveText(`address: #/s/story/7/L${from}`);
      await card.getByRole('button', { name: `Line ${to}`, exact: true }).click({ modifiers: ['Shift'] });
      await expect(address, 'a shift-click selects the range').toHaveText(`address: #/s/story/7/L${from}-L${to}`);
      await expect.poll(selectedNumbers).toEqual(lineNumbers(from, to));
    },
  };
}

// ── Search ────────────────────────────────────────────────────────────────

/** The card's budget for rows open at first: groups open in order while they fit, the first always. */
const INITIAL_ROW_BUDGET = 50;
/** A match row shows at most this many characters of its line. */
const PREVIEW_CHARS = 160;

function matchesSummary({ files, truncated, total, spillPath }: SearchMatchesResultView): string {
  const shownMatches = files.reduce((sum, file) => sum + file.matches.length, 0);
  if (truncated) return `showing ${count(shownMatches)} of ${counted(total, 'match', 'matches')}${spillPath === undefined ? '' : ` — full result: ${spillPath}`}`;
  if (shownMatches === 0) return 'No matches';
  return `${counted(shownMatches, 'match', 'matches')} in ${counted(files.length, 'file', 'files')}`;
}

function pathsSummary({ paths, truncated, total, spillPath }: SearchPathsResultView): string {
  if (truncated) return `showing ${count(paths.length)} of ${counted(total, 'file', 'files')}${spillPath === undefined ? '' : ` — full result: ${spillPath}`}`;
  if (paths.length === 0) return 'No files';
  return counted(paths.length, 'file', 'files');
}

/** A search card, named and titled with its title (escapes as chips in the text, written out in the name). */
async function expectSearchCardHeading(card: Locator, title: string): Promise<void> {
  await expect(card).toHaveClass(/\btc-card--search\b/);
  await expect(card).toHaveAttribute('aria-label', spoken(title));
  await expect(card.locator('.tc-card__title')).toHaveText(shown(title));
}

async function expectSummary(card: Locator, text: string, view: { truncated: boolean; spillPath?: string }, empty: boolean): Promise<void> {
  const summary = card.locator('.tc-search__summary');
  await expect(summary).toHaveText(text);
  if (empty) await expect(summary, 'the empty state').toHaveClass(/\btc-card__empty\b/);
  const spill = card.locator('.tc-search__spill');
  if (view.truncated && view.spillPath !== undefined) {
    await expect(card.getByRole('button', { name: `Open the full result: ${view.spillPath}` })).toBeVisible();
  } else {
    await expect(spill).toHaveCount(0);
  }
}

interface MatchRowSnapshot {
  line: string;
  text: string;
  marks: string[];
  chips: string[];
  /** Line numbers of the context lines another agent's grep printed around the match, in order. */
  context: string[];
}

interface GroupSnapshot {
  path: string;
  badge: string;
  expanded: boolean;
  rows: MatchRowSnapshot[];
}

/** File groups (path, count badge, open or not) and, in open groups, each row's line number, text, marked matches and chips. */
export function searchMatchesCard(view: SearchMatchesResultView): StoryCheck {
  let rows = 0;
  const expected = view.files.map((file, group): GroupSnapshot => {
    rows += file.matches.length;
    const expanded = group === 0 || rows <= INITIAL_ROW_BUDGET;
    return {
      path: shown(file.path),
      badge: String(file.matches.length),
      expanded,
      rows: expanded
        ? file.matches.map((match) => {
            const ranges = match.ranges ?? [];
            // Leading indentation is dropped, unless a match starts inside it.
            const cut = Math.min(/^[ \t]*/.exec(match.line)![0].length, ranges[0]?.[0] ?? Infinity);
            const body = match.line.slice(cut);
            return {
              line: String(match.lineNumber),
              // A long line is cut around its first match, with an ellipsis where it was cut.
              text: body.length <= PREVIEW_CHARS ? shown(body) : (expect.stringContaining('…') as unknown as string),
              marks: ranges.map(([start, end]) => shown(match.line.slice(start, end))),
              chips: body.length <= PREVIEW_CHARS ? chipLabels(body) : (expect.any(Array) as unknown as string[]),
              context: (match.context ?? []).map((line) => String(line.lineNumber)),
            };
          })
        : [],
    };
  });
  const title = view.title ?? 'Search';
  return {
    theme: 'light',
    async assert({ card }) {
      await expectSearchCardHeading(card, title);
      await expectSummary(card, matchesSummary(view), view, view.files.length === 0);
      await expectBidiBanner(card, hasBidi(title, ...view.files.flatMap((file) => [file.path, ...file.matches.map((match) => match.line)])));
      await expectMixedScriptMarkers(card, [title, ...view.files.map((file) => file.path)]);
      await expect(card.getByRole('button', { name: 'Expand all' })).toHaveCount(view.files.length > 1 ? 1 : 0);
      if (expected.length === 0) {
        await expect(card.locator('.tc-search__group')).toHaveCount(0);
        return;
      }
      // The list is virtualized: the groups and rows in its view (and a few more) are in the
      // DOM, each where the result puts it (aria-posinset, in a list of aria-setsize).
      const list = card.locator('.tc-search__groups');
      const inView = () =>
        card.locator('.tc-search__group').evaluateAll((groups) =>
          groups.map((group) => ({
            index: Number(group.getAttribute('aria-posinset')) - 1,
            setSize: Number(group.getAttribute('aria-setsize')),
            path: group.querySelector('.tc-search__group-header .tc-path')?.textContent ?? '',
            badge: group.querySelector('.tc-badge')?.textContent ?? '',
            expanded: group.querySelector('.tc-search__group-header')?.getAttribute('aria-expanded') === 'true',
            rows: [...group.querySelectorAll('.tc-search__row')].map((row) => ({
              index: Number(row.getAttribute('aria-posinset')) - 1,
              line: row.querySelector('.tc-search__match .tc-search__line-number')?.textContent ?? '',
              text: row.querySelector('.tc-search__match .tc-search__line-text')?.textContent ?? '',
              marks: [...row.querySelectorAll('.tc-search__match mark')].map((mark) => mark.textContent ?? ''),
              chips: [...row.querySelectorAll('.tc-search__match .tc-escape')].map((chip) => chip.textContent ?? ''),
              context: [...row.querySelectorAll('.tc-search__logged-line .tc-search__line-number')].map((number) => number.textContent ?? ''),
            })),
          })),
        );
      const placed = (group: number, rows: readonly number[]) => ({
        index: group,
        setSize: expected.length,
        ...expected[group]!,
        rows: rows.map((row) => ({ index: row, ...expected[group]!.rows[row]! })),
      });
      // A group whose header scrolled away shows no header (path and badge empty).
      const asPlaced = (groups: Awaited<ReturnType<typeof inView>>) =>
        groups.map((group) => ({ ...placed(group.index, group.rows.map((row) => row.index)), ...(group.path === '' ? { path: '', badge: '', expanded: false } : {}) }));
      await expect.poll(async () => (await inView()).map((group) => group.index), { message: 'the list opens at its first file' }).toContain(0);
      const atTop = await inView();
      // A result that fits the list's 576 px shows every group and row.
      if (expected.reduce((height, group) => height + 28 + group.rows.length * 20, 0) <= 576) {
        expect(atTop, 'every file group and match row (line numbers, marked matches, chips)').toEqual(expected.map((group, index) => placed(index, group.rows.map((_, row) => row))));
        return;
      }
      expect(atTop, 'the file groups and match rows in view (line numbers, marked matches, chips)').toEqual(asPlaced(atTop));
      expect(atTop.length, 'a long result is virtualized').toBeLessThan(expected.length);
      // End moves the tab stop to the last file, which was not mounted: scrolled in, then focused; Home comes back.
      const lastItem = expected.at(-1)!.expanded ? `g${expected.length - 1}m${expected.at(-1)!.rows.length - 1}` : `g${expected.length - 1}`;
      await card.locator('[data-roving-key="g0"]').focus();
      await card.page().keyboard.press('End');
      await expect(card.locator(`[data-roving-key="${lastItem}"]`), 'End reaches the last item').toBeFocused();
      await expect(card.locator(`[data-roving-key="${lastItem}"]`)).toBeInViewport();
      await expect(card.locator('[data-roving-key][tabindex="0"]'), 'one tab stop').toHaveCount(1);
      await card.page().keyboard.press('Home');
      await expect(card.locator('[data-roving-key="g0"]'), 'Home comes back').toBeFocused();
      await list.evaluate((element) => element.scrollTo({ top: element.scrollHeight }));
      await expect.poll(async () => (await inView()).map((group) => group.index), { message: 'the list scrolled to its last file' }).toContain(expected.length - 1);
      const atEnd = await inView();
      expect(atEnd, 'the file groups at the end of the list').toEqual(asPlaced(atEnd));
    },
  };
}

/** Summary, and each found path with its chips, in order. */
export function searchPathsCard(view: SearchPathsResultView): StoryCheck {
  const title = view.title ?? 'Files';
  return {
    theme: 'light',
    async assert({ card }) {
      await expectSearchCardHeading(card, title);
      await expectSummary(card, pathsSummary(view), view, view.paths.length === 0);
      await expectBidiBanner(card, hasBidi(title, ...view.paths));
      await expectMixedScriptMarkers(card, [title, ...view.paths]);
      await expect
        .poll(
          () =>
            card.locator('.tc-search__path').evaluateAll((buttons) =>
              buttons.map((button) => ({
                path: button.querySelector('.tc-path')?.textContent ?? '',
                chips: [...button.querySelectorAll('.tc-escape')].map((chip) => chip.textContent ?? ''),
              })),
            ),
          { message: 'the found paths (text and chips)' },
        )
        .toEqual(view.paths.map((path) => ({ path: shown(path), chips: chipLabels(path) })));
    },
  };
}

// ── Search: the complete result ───────────────────────────────────────────

const SHOW_FIRST_PAGE = 'Show the first page only';

/** A virtualized list's rendered rows that differ from what their index should show: none, once their data arrived. */
async function rowsOtherThan<T extends { index: number }>(rows: () => Promise<T[]>, expected: (index: number) => T): Promise<{ shows: T; expected: T }[]> {
  return (await rows())
    .map((row) => ({ shows: row, expected: expected(row.index) }))
    .filter(({ shows, expected }) => JSON.stringify(shows) !== JSON.stringify(expected));
}

/** The banner's way back: the first page as the tool returned it, offering "Show all N" again. */
async function expectBackToFirstPage(card: Locator, summary: string, total: number): Promise<void> {
  await card.getByRole('button', { name: SHOW_FIRST_PAGE }).click();
  await expect(card.getByRole('list', { name: /^All / }), 'the complete result is gone').toHaveCount(0);
  await expect(card.locator('.tc-search__summary')).toHaveText(`${summary} — Show all ${count(total)}`);
  await expect(card.getByRole('button', { name: `Show all ${count(total)}` })).toHaveAttribute('aria-pressed', 'false');
}

/**
 * A capped grep switched to its complete result (the story's play clicks "Show all"): the
 * summary counts every match and file, the capped groups give way to a virtualized list of
 * every file with its count, all closed; opening a group fetches and shows its matches
 * (line numbers, text, accessible names); "Show the first page only" goes back.
 */
export function searchMatchesFullResult(view: SearchMatchesResultView, full: { total: number; files: readonly FullMatchesFile[] }): StoryCheck {
  const title = view.title ?? 'Search';
  const shownMatches = view.files.reduce((sum, file) => sum + file.matches.length, 0);
  const header = (index: number) => {
    const file = full.files[index];
    return { index, path: file === undefined ? '(no such file)' : shown(file.path), badge: file === undefined ? '' : count(file.matches.length), expanded: false };
  };
  return {
    theme: 'light',
    async assert({ card }) {
      await expectSearchCardHeading(card, title);
      await expect(card.locator('.tc-search__summary')).toHaveText(
        `all ${counted(full.total, 'match', 'matches')} in ${counted(full.files.length, 'file', 'files')} — ${SHOW_FIRST_PAGE}`,
      );
      await expect(card.getByRole('button', { name: SHOW_FIRST_PAGE })).toHaveAttribute('aria-pressed', 'true');
      await expect(card.locator('.tc-search__group'), 'the capped groups give way to the complete result').toHaveCount(0);
      await expect(card.getByRole('button', { name: 'Expand all' })).toHaveCount(0);
      await expectBidiBanner(card, hasBidi(title, ...full.files.flatMap((file) => [file.path, ...file.matches.map((match) => match.line)])));

      const list = card.getByRole('list', { name: `All ${counted(full.total, 'match', 'matches')}` });
      await expect(list).toBeVisible();
      const headers = () =>
        list.locator('.tc-search__full-row').evaluateAll((rows) =>
          rows.map((row) => ({
            index: Number(row.getAttribute('data-index')),
            path: row.querySelector('.tc-search__group-header .tc-path')?.textContent ?? '',
            badge: row.querySelector('.tc-badge')?.textContent ?? '',
            expanded: row.querySelector('.tc-search__group-header')?.getAttribute('aria-expanded') === 'true',
          })),
        );
      await expect.poll(async () => (await headers()).map((row) => row.index), { message: 'the list opens at its first file' }).toContain(0);
      const rendered = await headers();
      expect(rendered.length, 'a list of every file is virtualized').toBeLessThan(full.files.length);
      expect(rendered.length, 'a screenful of files').toBeGreaterThan(10);
      expect(await rowsOtherThan(headers, header), 'every file of the result, closed, with its match count').toEqual([]);

      // Opening a group fetches its matches: each row opens the file at its line.
      const first = full.files[0]!;
      const group = list.getByRole('button', { name: `${spoken(first.path)}, ${counted(first.matches.length, 'match', 'matches')}` });
      await group.click();
      await expect(group).toHaveAttribute('aria-expanded', 'true');
      await expect
        .poll(
          () =>
            list.locator('.tc-search__match').evaluateAll((rows) =>
              rows.map((row) => ({
                name: row.getAttribute('aria-label') ?? '',
                line: row.querySelector('.tc-search__line-number')?.textContent ?? '',
                text: row.querySelector('.tc-search__line-text')?.textContent ?? '',
              })),
            ),
          { message: "the opened group's match rows (line numbers, text)" },
        )
        .toEqual(
          first.matches.map(({ lineNumber, line }) => {
            // Leading indentation is dropped.
            const text = line.replace(/^[ \t]*/, '');
            return { name: `${spoken(first.path)} line ${lineNumber}: ${spoken(text)}`, line: String(lineNumber), text: shown(text) };
          }),
        );
      await expect(list.getByText('Loading matches…')).toHaveCount(0);

      await expectBackToFirstPage(card, `showing ${count(shownMatches)} of ${counted(view.total, 'match', 'matches')}`, view.total);
      // The capped groups are back (virtualized: the first ones, each in a list of every file).
      await expect(card.locator('.tc-search__group').first(), 'the capped groups are back').toHaveAttribute('aria-setsize', String(view.files.length));
    },
  };
}

/**
 * A capped glob switched to its complete result (the story's play clicks "Show all"): the
 * summary counts every path, the capped list gives way to a virtualized list of all of
 * them, each path fetched a page at a time as its row comes into view (the last one too,
 * once scrolled to); "Show the first page only" goes back.
 */
export function searchPathsFullResult(view: SearchPathsResultView, full: { total: number; pathAt: (index: number) => string }): StoryCheck {
  const title = view.title ?? 'Files';
  const row = (index: number) => {
    const path = full.pathAt(index);
    return { index, path: shown(path), name: `Open ${spoken(path)}` };
  };
  return {
    theme: 'light',
    async assert({ card }) {
      await expectSearchCardHeading(card, title);
      await expect(card.locator('.tc-search__summary')).toHaveText(`all ${counted(full.total, 'file', 'files')} — ${SHOW_FIRST_PAGE}`);
      await expect(card.getByRole('button', { name: SHOW_FIRST_PAGE })).toHaveAttribute('aria-pressed', 'true');
      await expect(card.locator('.tc-search__paths:not(.tc-search__full)'), 'the capped list gives way to the complete result').toHaveCount(0);
      await expectBidiBanner(card, false);

      const list = card.getByRole('list', { name: `All ${counted(full.total, 'file', 'files')}` });
      await expect(list).toBeVisible();
      const rows = () =>
        list.locator('.tc-search__full-row').evaluateAll((items) =>
          items.map((item) => ({
            index: Number(item.getAttribute('data-index')),
            path: item.querySelector('.tc-path')?.textContent ?? item.textContent ?? '',
            name: item.querySelector('button')?.getAttribute('aria-label') ?? '',
          })),
        );
      await expect.poll(async () => (await rows()).map((item) => item.index), { message: 'the list opens at its first path' }).toContain(0);
      await expect.poll(() => rowsOtherThan(rows, row), { message: 'the paths in view, loaded (text, accessible name)' }).toEqual([]);
      const rendered = await rows();
      expect(rendered.length, 'a list of every path is virtualized').toBeLessThan(full.total);
      expect(rendered.length, 'a screenful of paths').toBeGreaterThan(10);

      // The end of the list: its page is fetched once it comes into view. The list scrolls with
      // the timeline (decision 0016), so its scroller is scrolled to the list's end.
      await list.evaluate((element) => {
        let scroller = element.parentElement;
        while (scroller && !/^(auto|scroll)$/.test(getComputedStyle(scroller).overflowY)) scroller = scroller.parentElement;
        if (!scroller) throw new Error('the complete list has no scroller around it');
        scroller.scrollTop += element.getBoundingClientRect().bottom - scroller.getBoundingClientRect().bottom;
      });
      await expect.poll(async () => (await rows()).map((item) => item.index), { message: 'the list scrolled to its last path' }).toContain(full.total - 1);
      await expect.poll(() => rowsOtherThan(rows, row), { message: 'the paths at the end of the list, loaded' }).toEqual([]);
      await expect(list.getByRole('button', { name: row(full.total - 1).name })).toBeVisible();

      await expectBackToFirstPage(card, `showing ${count(view.paths.length)} of ${counted(view.total, 'file', 'files')}`, view.total);
      await expect(card.locator('.tc-search__path'), 'the capped list is back').toHaveCount(view.paths.length);
    },
  };
}

// ── Generic ───────────────────────────────────────────────────────────────

/** Output longer than this many lines is collapsed behind "Show all N lines". */
const COLLAPSED_LINES = 30;

/**
 * A tool error as the app draws it: titled with what went wrong (`title`, the card's
 * wording for the code), the code a badge, the message as the output.
 */
export function errorCard({ result }: ResultFixture, title: string): StoryCheck {
  if (!result.error) throw new Error('the fixture is not an error with a code');
  return genericCard({ card: 'generic', title, content: result.error.message }, { isError: true, errorCode: result.error.code });
}

/** What the app draws for a result whose view is missing or invalid: its text, under the view's title if it had one. */
export function fallbackView({ result, wireView }: ResultFixture): GenericResultView {
  const content = result.content.map((block) => block.text).join('\n');
  const title = (wireView as { title?: unknown } | undefined)?.title;
  return typeof title === 'string' ? { card: 'generic', title, content } : { card: 'generic', content };
}

/** Title (and an error's code badge), the output as shown (collapsed past 30 lines), chips, or the empty state. */
export function genericCard(view: GenericResultView, { isError = false, errorCode }: { isError?: boolean; errorCode?: string } = {}): StoryCheck {
  const title = view.title ?? (isError ? 'Error' : 'Output');
  const content = view.content ?? '';
  const lines = content === '' ? [] : content.split('\n');
  if (lines[lines.length - 1] === '') lines.pop();
  const collapsed = lines.length > COLLAPSED_LINES;
  const visible = collapsed ? lines.slice(0, COLLAPSED_LINES).join('\n') : content;
  return {
    theme: 'light',
    async assert({ card }) {
      await expect(card).toHaveClass(/\btc-card--generic\b/);
      if (isError) await expect(card).toHaveClass(/\btc-card--error\b/);
      else await expect(card).not.toHaveClass(/\btc-card--error\b/);
      await expect(card).toHaveAttribute('aria-label', spoken(isError ? `Error: ${title}` : title));
      await expect(card.locator('.tc-card__title')).toHaveText(shown(title));
      const badge = card.locator('.tc-generic__code');
      if (errorCode === undefined) await expect(badge).toHaveCount(0);
      else await expect(badge, 'the error code badge').toHaveText(shown(errorCode));
      await expectBidiBanner(card, hasBidi(title, content));

      const output = card.locator('pre.tc-generic__output');
      if (content === '') {
        await expect(card.locator('.tc-card__empty')).toHaveText('No output');
        await expect(output).toHaveCount(0);
        await expect(card.getByRole('button', { name: 'Copy' })).toHaveCount(0);
        return;
      }
      await expect(card.getByRole('button', { name: 'Copy' })).toBeVisible();
      await expect
        .poll(
          () =>
            output.evaluate((pre) => ({
              text: pre.textContent ?? '',
              chips: [...pre.querySelectorAll('.tc-escape')].map((chip) => chip.textContent ?? ''),
            })),
          { message: 'the output (text and chips)' },
        )
        .toEqual({ text: shownMultiline(visible), chips: multilineChipLabels(visible) });
      const more = card.locator('.tc-card__more');
      if (collapsed) {
        await expect(more).toHaveText(`Show all ${counted(lines.length, 'line', 'lines')}`);
        await expect(more).toHaveAttribute('aria-expanded', 'false');
      } else {
        await expect(more).toHaveCount(0);
      }
    },
  };
}

// ── Calls ─────────────────────────────────────────────────────────────────

export type CallState = 'pending' | 'queued' | 'unsaved' | 'cancelled';

const CALL_STATES: Record<CallState, { label: string; status: string; busy: boolean }> = {
  pending: { label: 'running', status: 'running…', busy: true },
  queued: { label: 'queued', status: 'Queued — waiting for a free slot', busy: true },
  unsaved: { label: 'not saved', status: 'Not saved — the disk is full; this call will be closed when there is room', busy: false },
  cancelled: { label: 'cancelled', status: 'cancelled', busy: false },
};

/**
 * Title, kind, status line ("running…", "Queued — …"), busy state and locations. `warms`:
 * the language whose grammar a pending read fetches ahead of its result.
 */
export function callCard(view: ToolCallView, state: CallState, { warms }: { warms?: string } = {}): StoryCheck {
  const { label, status, busy } = CALL_STATES[state];
  const locations = view.locations ?? [];
  return {
    theme: 'light',
    async assert(scope) {
      const { card } = scope;
      await expect(card).toHaveClass(/\btc-card--call\b/);
      await expect(card).toHaveAttribute('aria-label', spoken(`${view.title} — ${label}`));
      await expect(card).toHaveAttribute('aria-busy', String(busy));
      await expect(card.locator('.tc-call__status')).toHaveText(status);
      await expect(card.locator('.tc-kind')).toHaveAttribute('data-kind', view.kind ?? 'other');
      await expect(card.locator('.tc-card__title')).toHaveText(shown(view.title));
      await expectBidiBanner(card, hasBidi(view.title, ...locations.map((location) => location.path)));
      await expectMixedScriptMarkers(card, [view.title, ...locations.map((location) => location.path)]);
      await expect(card.locator('.tc-call__locations > li')).toHaveText(
        locations.map(
          ({ path, line }) => `${shown(path)}${line === undefined ? '' : `:${line}`}${isMixedScript(path) ? MIXED_SCRIPT_MARKER : ''}`,
        ),
      );
      if (warms !== undefined) await expectGrammarFetched(scope, warms);
    },
  };
}
