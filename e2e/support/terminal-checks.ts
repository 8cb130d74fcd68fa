import { expect, type Locator } from '@playwright/test';
import type { TerminalResultView } from '@toolcards/protocol';
import { expectBidiBanner, expectTokens, hasBidi, shown, spoken, type StoryCheck } from './gallery-checks';

/**
 * What a terminal card story must show, written from the card's contract (the rows a terminal
 * would have left on screen, the badge, the styles), not from the card's own parser: a card that
 * draws escapes, the wrong rows or no colours fails.
 */
export interface TerminalExpectation {
  badge: { text: string; tone: 'ok' | 'failed' | 'killed' | 'interrupted' };
  /** Texts of the header's details (where it ran, the duration). */
  details?: readonly string[];
  /** Every row as shown (a short output), or its first and last rows around "Show all N lines". */
  rows: readonly string[] | { head: readonly string[]; tail: readonly string[]; total: number };
  /** The rows of stderr, marked, after stdout's. */
  stderr?: readonly string[];
  /** Computed styles of spans of the output, found by their exact text. */
  styles?: readonly { text: string; style: Partial<Record<'color' | 'backgroundColor' | 'fontWeight' | 'fontStyle' | 'textDecorationLine' | 'opacity', string>> }[];
  /** The first row is cut: this many characters drawn, the rest a click away. */
  cutLine?: { drawn: number; rest: number };
  /** The "Output cut" note, when the output was truncated. */
  truncatedNote?: string;
}

const grouped = new Intl.NumberFormat('en-US');
const count = (n: number) => grouped.format(n);

export function terminalCard(view: TerminalResultView, expected: TerminalExpectation, theme: 'light' | 'dark' = 'light'): StoryCheck {
  return {
    theme,
    async assert({ card }) {
      await expect(card).toHaveClass(/\btc-card--terminal\b/);
      await expect(card).toHaveAttribute('aria-label', spoken(`Terminal: ${view.title ?? view.command}`));
      await expect(card.locator('.tc-term__command')).toHaveText(shown(view.command));
      // The command is coloured by the shell grammar in the highlight worker.
      await expectTokens(card.locator('.tc-term__command'));
      const badge = card.locator('.tc-term__exit');
      await expect(badge).toHaveText(expected.badge.text);
      await expect(badge).toHaveClass(new RegExp(`\\btc-term__exit--${expected.badge.tone}\\b`));
      for (const detail of expected.details ?? []) await expect(card.locator('.tc-card__details')).toContainText(detail);
      await expectBidiBanner(card, hasBidi(view.command, view.output, view.stderr ?? ''));
      await expect(card.getByRole('button', { name: 'Copy command' })).toBeVisible();

      // Never a raw escape byte anywhere in the card.
      expect(await card.evaluate((element) => /[\u001b\u009b\u0007]/.test(element.textContent ?? ''))).toBe(false);

      const rows = card.locator('.tc-term__row');
      const stderr = expected.stderr ?? [];
      const ends = 'head' in expected.rows ? expected.rows : undefined;
      const all = 'head' in expected.rows ? undefined : expected.rows;
      if (all !== undefined && all.length === 0 && stderr.length === 0) {
        await expect(card.locator('.tc-term__empty')).toHaveText('No output');
        await expect(rows).toHaveCount(0);
        await expect(card.getByRole('button', { name: 'Copy output' })).toHaveCount(0);
        return;
      }
      await expect(card.getByRole('button', { name: 'Copy output' })).toBeVisible();
      if (ends !== undefined) await expectEnds(card, rows, ends);
      else await expect(rows).toHaveText([...(all ?? []), ...stderr].map(shown));
      await expect(card.locator('.tc-term__row.is-stderr')).toHaveText(stderr.map(shown));
      if (stderr.length > 0) await expect(card.locator('.tc-term__row.is-stderr-start')).toHaveCount(1);

      for (const { text, style } of expected.styles ?? []) {
        const span = card.locator('.tc-term__text span').filter({ hasText: new RegExp(`^${escapeRegExp(text)}$`) }).first();
        const computed = await span.evaluate((element, keys) => {
          const all = getComputedStyle(element);
          return Object.fromEntries(keys.map((key) => [key, all[key as keyof CSSStyleDeclaration] as string]));
        }, Object.keys(style));
        expect(computed, `the style of "${text}"`).toEqual(style);
      }

      if (expected.cutLine !== undefined) {
        const { drawn, rest } = expected.cutLine;
        const text = card.locator('.tc-term__text').first();
        expect(await text.evaluate((element) => element.textContent?.length)).toBe(drawn);
        await card.getByRole('button', { name: `Show the rest of the line: ${count(rest)} more characters` }).click();
        await expect.poll(() => text.evaluate((element) => element.textContent?.length)).toBe(drawn + rest);
      }
      if (expected.truncatedNote !== undefined) await expect(card.locator('.tc-term__truncated')).toHaveText(expected.truncatedNote);
      else await expect(card.locator('.tc-term__truncated')).toHaveCount(0);
    },
  };
}

/** A long output: its ends around the hidden count; Show all draws every line in a virtualized box. */
async function expectEnds(card: Locator, rows: Locator, { head, tail, total }: { head: readonly string[]; tail: readonly string[]; total: number }): Promise<void> {
  await expect(rows).toHaveText([...head, ...tail].map(shown));
  await expect(card.locator('.tc-term__hidden')).toContainText(`${count(total - head.length - tail.length)} lines not shown`);
  await card.getByRole('button', { name: `Show all ${count(total)} lines` }).click();
  const viewport = card.getByRole('region', { name: `Output, ${count(total)} lines` });
  await expect(viewport).toBeVisible();
  await expect(rows.first()).toHaveText(shown(head[0]!));
  // Virtualized: only the rows near the view are in the page, not all of them.
  expect(await rows.count()).toBeLessThan(200);
  await viewport.evaluate((element) => {
    element.scrollTop = element.scrollHeight;
  });
  await expect(card.locator(`.tc-term__row[data-terminal-line="${total - 1}"]`)).toHaveText(shown(tail[tail.length - 1]!));
  await expect(card.getByRole('button', { name: 'Show less' })).toHaveAttribute('aria-expanded', 'true');
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

// ── Cards/Terminal (terminal-card.stories.tsx) ───────────────────────────

const longLine = (line: number) => `   ${String(line * 7).padStart(5)} ./packages/pkg-${line % 97}/src/module-${line}.ts`;
const lineRange = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, index) => longLine(from + index));

const ANSI_ROWS = [
  'black red green yellow blue magenta cyan white',
  'bright-black bright-red bright-green bright-blue',
  'table 208 table 45  on grey ',
  'truecolor hot pink truecolor background',
  'bold dim italic underline inverse struck',
  'cursor codes dropped and a title too',
];

/** The named colours follow the theme (GitHub's terminal palettes); the others are drawn as given. */
function ansiStyles(theme: 'light' | 'dark'): TerminalExpectation['styles'] {
  const [red, termFg, termBg] = theme === 'light' ? ['rgb(207, 34, 46)', 'rgb(31, 35, 40)', 'rgb(255, 255, 255)'] : ['rgb(255, 123, 114)', 'rgb(230, 237, 243)', 'rgb(13, 17, 23)'];
  return [
    { text: 'red', style: { color: red } },
    { text: 'table 208', style: { color: 'rgb(255, 135, 0)' } },
    { text: 'truecolor hot pink', style: { color: 'rgb(255, 105, 180)' } },
    { text: 'truecolor background', style: { backgroundColor: 'rgb(0, 64, 0)' } },
    { text: 'bold', style: { fontWeight: '700' } },
    { text: 'dim', style: { opacity: '0.6' } },
    { text: 'italic', style: { fontStyle: 'italic' } },
    { text: 'underline', style: { textDecorationLine: 'underline' } },
    { text: 'struck', style: { textDecorationLine: 'line-through' } },
    { text: 'inverse', style: { color: termBg, backgroundColor: termFg } },
  ];
}

/** Story checks by story id, spread into the gallery spec's STORY_CHECKS. */
export function terminalStoryChecks(views: Record<'success' | 'nonZeroExit' | 'killed' | 'interrupted' | 'emptyOutput' | 'longOutput' | 'ansiColours' | 'crProgress' | 'megabyteLine' | 'hiddenCharacters', TerminalResultView>): Record<string, StoryCheck> {
  const success: TerminalExpectation = {
    badge: { text: 'exit 0', tone: 'ok' },
    details: ['in /home/dev/project', '2.3 s'],
    rows: ['> project@1.0.0 build', '> vite build', '', '✓ 42 modules transformed.', 'dist/index.html   0.46 kB', 'dist/assets/index.js  143.20 kB'],
  };
  return {
    'cards-terminal--success': terminalCard(views.success, success),
    'cards-terminal--success-dark': terminalCard(views.success, success, 'dark'),
    'cards-terminal--non-zero-exit': terminalCard(views.nonZeroExit, {
      badge: { text: 'exit 1', tone: 'failed' },
      details: ['5.1 s'],
      rows: [' × parser > reads a quoted string', `   → expected 'a"b' to be 'a\\"b'`, '', ' Test Files  1 failed (1)'],
      stderr: ['npm error Lifecycle script `test` failed with error:', 'npm error code 1'],
      styles: [{ text: '1 failed', style: { fontWeight: '700', color: 'rgb(207, 34, 46)' } }],
    }),
    'cards-terminal--killed': terminalCard(views.killed, { badge: { text: 'killed (SIGKILL)', tone: 'killed' }, details: ['2 min 0 s'], rows: ['watching src/ for changes…', 'rebuilt in 210 ms'] }),
    'cards-terminal--interrupted': terminalCard(views.interrupted, { badge: { text: 'interrupted', tone: 'interrupted' }, details: ['4.2 s'], rows: [] }),
    'cards-terminal--empty-output': terminalCard(views.emptyOutput, { badge: { text: 'exit 0', tone: 'ok' }, details: ['8 ms'], rows: [] }),
    'cards-terminal--twenty-thousand-lines': terminalCard(views.longOutput, {
      badge: { text: 'exit 0', tone: 'ok' },
      rows: { head: lineRange(1, 10), tail: lineRange(19_991, 20_000), total: 20_000 },
    }),
    'cards-terminal--ansi-colours': terminalCard(views.ansiColours, { badge: { text: 'exit 0', tone: 'ok' }, rows: ANSI_ROWS, styles: ansiStyles('light') }),
    'cards-terminal--ansi-colours-dark': terminalCard(views.ansiColours, { badge: { text: 'exit 0', tone: 'ok' }, rows: ANSI_ROWS, styles: ansiStyles('dark') }, 'dark'),
    'cards-terminal--cr-progress': terminalCard(views.crProgress, { badge: { text: 'exit 0', tone: 'ok' }, rows: ['[##########] 100%', 'added 214 packages in 14s'] }),
    'cards-terminal--megabyte-line': terminalCard(views.megabyteLine, {
      badge: { text: 'exit 0', tone: 'ok' },
      // 2,000 characters drawn, then the mark for the rest of the 1,048,576.
      rows: [`${'var a=1;'.repeat(250)}+1,046,576 chars`],
      cutLine: { drawn: 2_000, rest: 1_046_576 },
      truncatedNote: 'Output cut: the full output is at /home/dev/.toolcards/spill/bash-17.txt',
    }),
    'cards-terminal--hidden-characters': terminalCard(views.hiddenCharacters, { badge: { text: 'exit 0', tone: 'ok' }, rows: ['access\u202e level', 'zero\u200bwidth'] }),
  };
}
