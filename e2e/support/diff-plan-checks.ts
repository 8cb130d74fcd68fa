import { expect, type Locator } from '@playwright/test';
import type { DiffResultView, PlanResultView } from '@toolcards/protocol';
import { tokenColours } from './cards';
import type { StoryCheck } from './gallery-checks';

/**
 * What the diff and plan card stories must show, written from the fixtures and the cards'
 * contract (what a user sees), not from the cards' own helpers.
 */

const grouped = new Intl.NumberFormat('en-US');

/** Lines a fixture's files add and remove, counted from the hunk lines themselves. */
function counted(view: DiffResultView): { added: number; removed: number } {
  const lines = view.files.flatMap((file) => file.hunks.flatMap((hunk) => hunk.lines));
  return { added: lines.filter((line) => line.startsWith('+')).length, removed: lines.filter((line) => line.startsWith('-')).length };
}

const countsOf = (view: DiffResultView) => {
  const { added, removed } = counted(view);
  return `+${grouped.format(added)} −${grouped.format(removed)}`;
};

/** The line numbers a row shows, old then new ('' for a side it is not on). */
async function gutters(row: Locator): Promise<(string | null)[]> {
  return row.locator('.tc-diff__num').evaluateAll((cells) => cells.map((cell) => cell.getAttribute('data-line-number')));
}

/** Numbers are drawn, never selected: no text in the gutter cells, and user-select none. */
async function expectGuttersNotCopied(card: Locator): Promise<void> {
  const cells = card.locator('.tc-diff__num');
  expect(await cells.count()).toBeGreaterThan(0);
  const seen = await cells.evaluateAll((all) => all.slice(0, 20).map((cell) => [cell.textContent, getComputedStyle(cell).userSelect]));
  for (const [text, select] of seen) expect([text, select]).toEqual(['', 'none']);
}

interface DiffCheckOptions {
  theme?: 'light' | 'dark';
  /** The rows of the first hunk's first change: [old line, removed text] and [new line, added text]. */
  firstChange?: { removed?: [number, string]; added?: [number, string] };
  /** The words marked on the first removed and first added row. */
  marked?: { removed: string; added: string };
  /** The story's card has the file now behind it: its badge, and the gaps it can expand. */
  badge?: string;
  expandable?: readonly string[];
  /** The card has a "Line N" link per hunk (not for a deleted file). */
  links?: boolean;
  /** Coloured by the file's grammar. */
  highlighted?: boolean;
  /** Notes the card shows instead of hunks (a rename, no change). */
  notes?: readonly string[];
}

/** A diff card: its name, each file's path and status, +N −M, hunk headers, gutters, marks and badge. */
export function diffCard(view: DiffResultView, options: DiffCheckOptions = {}): StoryCheck {
  return {
    theme: options.theme ?? 'light',
    async assert({ card }) {
      await expect(card).toHaveAttribute('aria-label', view.title!);
      await expect(card.locator('.tc-card__details .tc-diff__counts')).toHaveText(countsOf(view));
      for (const file of view.files) {
        const section = card.getByRole('region', { name: `${file.status} ${file.path}`, exact: true });
        await expect(section.locator('.tc-diff__status')).toHaveText(file.status);
        if (file.oldPath !== undefined) await expect(section.locator('.tc-diff__old-path')).toContainText(file.oldPath.split('/').pop()!);
        for (const hunk of file.hunks) await expect(section.getByText(`@@ -${hunk.oldStart},${hunk.oldLines} +${hunk.newStart},${hunk.newLines} @@`, { exact: true })).toBeVisible();
      }
      for (const note of options.notes ?? []) await expect(card.getByText(note, { exact: true })).toBeVisible();
      if (view.files.some((file) => file.hunks.length > 0)) await expectGuttersNotCopied(card);
      const { removed, added } = options.firstChange ?? {};
      if (removed) {
        const row = card.locator('.tc-diff__row.is-removed').first();
        await expect(row.locator('.tc-diff__code')).toHaveText(removed[1]);
        expect(await gutters(row)).toEqual([String(removed[0]), '']);
      }
      if (added) {
        const row = card.locator('.tc-diff__row.is-added').first();
        await expect(row.locator('.tc-diff__code')).toHaveText(added[1]);
        expect(await gutters(row)).toEqual(['', String(added[0])]);
      }
      if (options.marked) {
        // A marked word may span several colour runs: the marks of a row, joined.
        const marks = (row: Locator) => row.locator('.is-marked').evaluateAll((all) => all.map((mark) => mark.textContent).join(''));
        await expect.poll(() => marks(card.locator('.tc-diff__row.is-removed').first()), { message: 'changed words of the removed line' }).toBe(options.marked.removed);
        await expect.poll(() => marks(card.locator('.tc-diff__row.is-added').first()), { message: 'changed words of the added line' }).toBe(options.marked.added);
      }
      if (options.badge !== undefined) await expect(card.locator('.tc-diff__freshness')).toHaveText(options.badge);
      for (const label of options.expandable ?? []) await expect(card.getByRole('button', { name: label, exact: true })).toBeVisible();
      const hunks = view.files.reduce((sum, file) => sum + file.hunks.length, 0);
      await expect(card.getByRole('button', { name: /^Line \d/ })).toHaveCount(options.links === false ? 0 : hunks);
      if (options.highlighted) await expect.poll(async () => (await tokenColours(card)).length, { message: 'token colours in the diff card' }).toBeGreaterThanOrEqual(3);
    },
  };
}

/** The split view: old lines on the left, new on the right, each with its own number. */
export function diffSplit(view: DiffResultView, pair: { old: [number, string]; new: [number, string] }): StoryCheck {
  return {
    theme: 'light',
    async assert({ card }) {
      await expect(card.getByRole('button', { name: 'Split' })).toHaveAttribute('aria-pressed', 'true');
      const row = card.locator('.tc-diff__row--split').filter({ has: card.page().locator('.tc-diff__half.is-old.is-removed') }).first();
      await expect(row.locator('.tc-diff__half.is-old .tc-diff__code')).toHaveText(pair.old[1]);
      await expect(row.locator('.tc-diff__half.is-new .tc-diff__code')).toHaveText(pair.new[1]);
      expect(await gutters(row)).toEqual([String(pair.old[0]), String(pair.new[0])]);
      const [left, right] = await row.locator('.tc-diff__half').evaluateAll((halves) => halves.map((half) => half.getBoundingClientRect().left));
      expect(right!).toBeGreaterThan(left! + 300);
      // Both sides coloured by the grammar, as in the unified view.
      for (const side of ['is-old', 'is-new']) {
        await expect.poll(async () => (await tokenColours(card.locator(`.tc-diff__half.${side}`))).length, { message: `token colours, ${side}` }).toBeGreaterThanOrEqual(3);
      }
      await expect(card.locator('.tc-card__details .tc-diff__counts')).toHaveText(countsOf(view));
    },
  };
}

/**
 * A hunk too long to draw whole: a preview with "Show all N lines"; expanded, it scrolls with the
 * timeline (it has no scroller of its own, decision 0016), only the rows near the view exist, and
 * scrolling the timeline to the card's end reaches its last line.
 */
export function diffHugeHunk(view: DiffResultView): StoryCheck {
  const lines = view.files[0]!.hunks[0]!.lines;
  const lastNew = lines.filter((line) => line.startsWith('+')).length;
  return {
    theme: 'light',
    async assert({ card }) {
      await expect(card.locator('.tc-card__details .tc-diff__counts')).toHaveText(countsOf(view));
      const viewport = card.getByRole('region', { name: `Changes to ${view.files[0]!.path}` });
      await expect(viewport).toHaveAttribute('data-preview', 'clipped');
      // The most rows ever in the DOM while it expands: drawing all 5,000 once froze the page for seconds.
      await viewport.evaluate((element) => {
        const track = element as HTMLElement & { mostRows?: number };
        track.mostRows = 0;
        const count = () => (track.mostRows = Math.max(track.mostRows ?? 0, element.querySelectorAll('.tc-diff__row').length));
        new MutationObserver(count).observe(element, { childList: true, subtree: true });
      });
      await card.getByRole('button', { name: `Show all ${lines.length.toLocaleString('en-US')} lines` }).click();
      await expect(viewport).toHaveAttribute('data-preview', 'whole');
      expect(await viewport.evaluate((element) => getComputedStyle(element).overflowY), 'no vertical scroller of its own').toBe('hidden');
      const drawn = await card.locator('.tc-diff__row').count();
      expect(drawn).toBeGreaterThan(10);
      expect(drawn).toBeLessThan(200);
      expect(await viewport.evaluate((element) => (element as HTMLElement & { mostRows?: number }).mostRows), 'rows drawn at once while expanding').toBeLessThan(200);
      await viewport.evaluate((element) => {
        let scroller = element.parentElement;
        while (scroller && !/^(auto|scroll)$/.test(getComputedStyle(scroller).overflowY)) scroller = scroller.parentElement;
        if (!scroller) throw new Error('the diff has no scroller around it');
        scroller.scrollTop += element.getBoundingClientRect().bottom - scroller.getBoundingClientRect().bottom;
      });
      const last = card.locator('.tc-diff__row').filter({ hasText: lines.at(-1)!.slice(1) });
      await expect(last).toHaveCount(1);
      await expect(last).toBeInViewport();
      expect(await gutters(last)).toEqual(['', String(lastNew)]);
      expect(await card.locator('.tc-diff__row').count(), 'still virtualized at the end').toBeLessThan(200);
    },
  };
}

const STATUS_LABEL = { pending: 'pending', in_progress: 'in progress', completed: 'completed' } as const;

/** A plan card: each step in order with its status's label, the explanation, and what changed since `previous`. */
export function planCard(view: PlanResultView, options: { theme?: 'light' | 'dark'; changes?: string; added?: readonly string[]; completed?: readonly string[] } = {}): StoryCheck {
  return {
    theme: options.theme ?? 'light',
    async assert({ card }) {
      if (view.items.length === 0) {
        await expect(card.getByText('The plan has no steps.')).toBeVisible();
        await expect(card.getByText('no steps', { exact: true })).toBeVisible();
        return;
      }
      const steps = card.getByRole('list', { name: 'Steps' }).getByRole('listitem');
      await expect(steps).toHaveCount(view.items.length);
      for (const [index, item] of view.items.entries()) {
        const step = steps.nth(index);
        await expect(step.locator('.tc-plan__text')).toHaveText(item.text);
        await expect(step.getByRole('img', { name: STATUS_LABEL[item.status], exact: true })).toBeVisible();
        const change = (options.added ?? []).includes(item.text) ? 'new' : (options.completed ?? []).includes(item.text) ? 'done since last plan' : undefined;
        if (change === undefined) await expect(step.locator('.tc-plan__change')).toHaveCount(0);
        else await expect(step.locator('.tc-plan__change')).toHaveText(change);
      }
      const done = view.items.filter((item) => item.status === 'completed').length;
      await expect(card.getByText(`${done} of ${view.items.length} done`, { exact: true })).toBeVisible();
      if (view.explanation !== undefined) await expect(card.getByText(view.explanation, { exact: true })).toBeVisible();
      if (options.changes !== undefined) await expect(card.locator('.tc-plan__changes')).toHaveText(`since the last plan: ${options.changes}`);
    },
  };
}
