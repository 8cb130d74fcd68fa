import { expect, type Locator } from '@playwright/test';
import type { FileCard, FileSeen, ReadResultView } from '@toolcards/protocol';
import { readCard, type StoryCheck } from './gallery-checks';

/*
 * What the Files panel and the read card's minimap must show, written from their contract
 * (the words a person reads, where the marks sit) rather than by calling their helpers.
 */

const count = (value: number) => value.toLocaleString('en-US');

/** "1–40, 90–120": the ranges of a read, spelled out (the fixtures have at most four). */
const spelled = (ranges: readonly (readonly [number, number])[]) => ranges.map(([first, last]) => (first === last ? count(first) : `${count(first)}–${count(last)}`)).join(', ');

/** The coverage line of a file: the lines read and the share of the file, or "not read". */
function coverageLine(file: FileSeen): string {
  if (!file.read) return 'not read';
  const single = file.read.ranges.length === 1 && file.read.ranges[0]![0] === file.read.ranges[0]![1];
  return `${single ? 'line' : 'lines'} ${spelled(file.read.ranges)} · ${file.read.percentSeen}% of ${count(file.read.totalLines)}`;
}

/** Grep hits ("at least 250" when a capped search may have left some out) and glob listings. */
function extraLine(file: FileSeen): string {
  const grep = file.grep ? (file.grep.capped ? `at least ${count(file.grep.hits)} grep hits` : `${count(file.grep.hits)} grep ${file.grep.hits === 1 ? 'hit' : 'hits'}`) : undefined;
  const glob = file.glob ? `listed by ${count(file.glob.listings)} ${file.glob.listings === 1 ? 'glob' : 'globs'}` : undefined;
  return [grep, glob].filter((part) => part !== undefined).join(' · ');
}

function filesList(root: Locator): Locator {
  return root.getByRole('list', { name: 'Files the session touched' });
}

/**
 * App/Files: a row per file, the files read first (each part in the fixture's path order), each with its path, its coverage,
 * its grep hits and glob listings; `stale` names the files whose latest read changed since.
 */
export function filesPanel(files: readonly FileSeen[], stale: Readonly<Record<string, string>>, theme: 'light' | 'dark' = 'light'): StoryCheck {
  return {
    theme,
    cards: 0,
    async assert({ root }) {
      await expect(root.getByRole('heading', { name: 'Files' })).toBeVisible();
      const read = files.filter((file) => file.read).length;
      await expect(root.locator('.files-panel__count')).toHaveText(`${files.length} files · ${read} read`);
      const rows = filesList(root).getByRole('button');
      await expect(rows).toHaveCount(files.length);
      const inOrder = [...files.filter((file) => file.read), ...files.filter((file) => !file.read)];
      for (const [index, file] of inOrder.entries()) {
        const row = rows.nth(index);
        await expect(row.locator('.tc-path')).toHaveAttribute('title', file.path);
        await expect(row.locator('.files-panel__coverage')).toHaveText(coverageLine(file));
        await expect(row).toHaveAttribute('aria-expanded', 'false');
        const badge = row.locator('.tc-read__stale');
        if (stale[file.path] === undefined) {
          if (extraLine(file) !== '') await expect(row.locator('.files-panel__extra')).toHaveText(extraLine(file));
          await expect(badge).toHaveCount(0);
        } else {
          // Asked once the row is on screen: the badge follows the row's own words.
          await expect(badge).toHaveText(stale[file.path]!);
          await expect(row.locator('.files-panel__extra')).toHaveText(`${extraLine(file)}${stale[file.path]}`);
        }
      }
    },
  };
}

/** App/Files, a file selected by the story's play: its cards in log order, each a button with what it did and its event number. */
export function filesPanelCards(files: readonly FileSeen[], path: string, cards: readonly FileCard[]): StoryCheck {
  return {
    theme: 'light',
    cards: 0,
    async assert({ root }) {
      // By its path: the panel lists the files read first, not in the fixture's order.
      const row = filesList(root).getByRole('button').filter({ has: root.page().locator(`.tc-path[title="${path}"]`) });
      await expect(row).toHaveAttribute('aria-expanded', 'true');
      const list = root.getByRole('list', { name: `Cards of ${path}` });
      await expect(row).toHaveAttribute('aria-controls', (await list.getAttribute('id'))!);
      const words = cards.map((card) => {
        const what = card.touch === 'read' ? `read lines ${spelled([card.window!])}` : card.touch === 'matches' ? 'grep matches' : 'glob listing';
        return `${what}#${count(card.callSeq ?? card.resultSeq)}`;
      });
      await expect(list.getByRole('button')).toHaveText(words);
    },
  };
}

/**
 * Cards/Read/Minimap: everything `readCard` checks, and beside the code a strip, hidden from
 * assistive technology, with the window, every read range and a tick per grep match placed
 * in proportion to the file; as tall as the code, inside the card at any width.
 */
export function readCardWithMinimap(view: ReadResultView, seen: FileSeen): StoryCheck {
  const shows = readCard(view);
  return {
    ...shows,
    async assert(scope) {
      await shows.assert(scope);
      const { card } = scope;
      const minimap = card.getByTestId('read-minimap');
      await expect(minimap).toHaveAttribute('aria-hidden', 'true');
      const first = view.lines[0]!.number;
      const last = view.lines[view.lines.length - 1]!.number;
      await expect(minimap).toHaveAttribute('title', new RegExp(`^This card: lines ${first}–${last} of ${view.totalLines} · `));
      await expect(minimap.locator('.tc-read__minimap-read')).toHaveCount(seen.read!.ranges.length);
      await expect(minimap.locator('.tc-read__minimap-match')).toHaveCount(seen.grep!.lines.length);

      const viewport = await card.getByRole('region', { name: 'File contents' }).boundingBox();
      const strip = await minimap.boundingBox();
      const box = await card.boundingBox();
      const windowBand = await minimap.locator('.tc-read__minimap-window').boundingBox();
      if (!viewport || !strip || !box || !windowBand) throw new Error('the card, its code and its minimap are laid out');
      expect(strip.width, 'a slim strip').toBeLessThanOrEqual(10);
      expect(Math.abs(strip.height - viewport.height), 'as tall as the code beside it').toBeLessThanOrEqual(1);
      expect(strip.x, 'right of the code').toBeGreaterThanOrEqual(viewport.x + viewport.width - 1);
      expect(strip.x + strip.width, 'inside the card').toBeLessThanOrEqual(box.x + box.width + 0.5);
      // The window's band sits where its lines are in the file.
      const expectedTop = strip.y + ((first - 1) / view.totalLines) * strip.height;
      expect(Math.abs(windowBand.y - expectedTop), 'the window band at its place in the file').toBeLessThanOrEqual(1.5);
      expect(Math.abs(windowBand.height - ((last - first + 1) / view.totalLines) * strip.height)).toBeLessThanOrEqual(1.5);
      // Nothing pushes the card wider than its column.
      expect(await card.evaluate((element) => element.scrollWidth <= element.clientWidth)).toBe(true);
    },
  };
}
