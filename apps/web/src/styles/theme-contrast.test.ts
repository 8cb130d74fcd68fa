import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { HIGHLIGHT_THEMES, HIGHLIGHT_THEME_REGISTRATIONS, TOKEN_BACKGROUNDS, highlighterFor } from '../highlight/highlighter';
import { themeForegrounds } from '../highlight/readable-theme';
import { contrastRatio, MIN_TEXT_CONTRAST, parseHexColor, toHex } from './contrast';

/*
 * WCAG AA for every text colour of the cards and the shell, in both themes, read from the
 * stylesheets themselves, and for every colour the Shiki themes can give a token.
 */

const here = dirname(fileURLToPath(import.meta.url));
const STYLESHEETS = {
  cards: readFileSync(join(here, '../cards/cards.css'), 'utf8'),
  app: readFileSync(join(here, '../app/app.css'), 'utf8'),
  markdown: readFileSync(join(here, '../timeline/markdown/assistant-markdown.css'), 'utf8'),
};

/**
 * Each text colour, and every background it is drawn on. The test fails when a stylesheet
 * sets `color:` from a variable missing here, or when a variable named here is missing from
 * a theme, so a new or renamed colour cannot skip the check.
 */
const TEXT_ON: Record<string, readonly string[]> = {
  // Cards' text, the shell's, headers, buttons (hovered too), notices, warnings, the
  // composer's input, the read card's target line number, the header of an error card.
  '--tc-card-fg': ['--tc-card-bg', '--tc-header-bg', '--tc-hover-bg', '--tc-code-bg', '--tc-target-bg', '--tc-warning-bg', '--tc-error-bg'],
  // Details in a card header (an error card's too), session list meta (on a hovered or
  // current row), composer hint, connection label, timeline notes on the page, kind icon on
  // its chip, the folder of a path (on the current search row too).
  '--tc-card-muted': ['--tc-card-bg', '--tc-header-bg', '--tc-hover-bg', '--tc-badge-bg', '--tc-target-bg', '--tc-error-bg'],
  // Code text: read card, generic output, search line text (hovered and current rows).
  // A read card's diff rows too.
  '--tc-code-fg': ['--tc-code-bg', '--tc-card-bg', '--tc-hover-bg', '--tc-target-bg', '--tc-diff-add-bg', '--tc-diff-del-bg'],
  // Read card gutter; search line numbers (hovered rows; the current row uses --tc-card-fg).
  // The diff's line numbers on its added and removed rows.
  '--tc-gutter-fg': ['--tc-gutter-bg', '--tc-card-bg', '--tc-hover-bg', '--tc-code-bg', '--tc-diff-add-bg', '--tc-diff-del-bg'],
  '--tc-badge-fg': ['--tc-badge-bg'],
  '--tc-mark-fg': ['--tc-mark-bg'],
  // Error text on its own background, in cards, in a hovered button, the session list, the composer.
  '--tc-error-fg': ['--tc-error-bg', '--tc-card-bg', '--tc-header-bg', '--tc-hover-bg'],
  // Links and link-like buttons: in cards and headers, hovered, on a truncated search's warning.
  '--tc-accent': ['--tc-card-bg', '--tc-header-bg', '--tc-hover-bg', '--tc-code-bg', '--tc-warning-bg'],
  // The composer's Send button.
  '--tc-on-emphasis': ['--tc-accent-emphasis'],
};

interface CssRule {
  /** The enclosing at-rule preludes, outermost first, whitespace and quotes removed. */
  media: string[];
  /** Whitespace and quotes removed. */
  selector: string;
  declarations: { property: string; value: string }[];
}

/** Just enough CSS parsing for flat rules and rules inside @media: comments dropped. */
function cssRules(css: string): CssRule[] {
  const text = css.replace(/\/\*[\s\S]*?\*\//g, '');
  const squash = (prelude: string) => prelude.replace(/\s+/g, '').replace(/['"]/g, '');
  const open: { prelude: string; start: number; nested: boolean }[] = [];
  const rules: CssRule[] = [];
  let last = 0;
  for (let index = 0; index < text.length; index++) {
    if (text[index] === '{') {
      const parent = open.at(-1);
      if (parent) parent.nested = true;
      open.push({ prelude: text.slice(last, index).trim(), start: index + 1, nested: false });
      last = index + 1;
    } else if (text[index] === '}') {
      const block = open.pop()!;
      if (!block.nested) {
        const declarations = text
          .slice(block.start, index)
          .split(';')
          .map((declaration) => declaration.trim())
          .filter((declaration) => declaration.includes(':'))
          .map((declaration) => {
            const colon = declaration.indexOf(':');
            return { property: declaration.slice(0, colon).trim(), value: declaration.slice(colon + 1).trim() };
          });
        rules.push({ media: open.map((parent) => squash(parent.prelude)), selector: squash(block.prelude), declarations });
      }
      last = index + 1;
    }
  }
  return rules;
}

const CARDS_RULES = cssRules(STYLESHEETS.cards);

/** A theme's variables: one rule of cards.css, found by its selector and at-rule. */
function themeVariables(selector: string, media: string[]): Map<string, string> {
  const matches = CARDS_RULES.filter((rule) => rule.selector === selector && rule.media.join() === media.join());
  expect(matches, `cards.css has one ${media.join(' ')} ${selector} rule`).toHaveLength(1);
  return new Map(
    matches[0]!.declarations
      .filter(({ property }) => property.startsWith('--'))
      .map(({ property, value }) => [property, value] as const),
  );
}

const THEMES = {
  light: themeVariables(':root,:root[data-theme=light]', []),
  dark: themeVariables(':root[data-theme=dark]', []),
  'system dark': themeVariables(':root:not([data-theme])', ['@media(prefers-color-scheme:dark)']),
};

/** A variable's colour in a theme, as #rrggbb[aa]; fails when the theme lacks it. */
function colorOf(theme: Map<string, string>, name: string, themeName: string): string {
  const value = theme.get(name);
  if (value === undefined) throw new Error(`${themeName}: ${name} is not declared in cards.css`);
  if (!parseHexColor(value)) throw new Error(`${themeName}: ${name} is ${value}, not a hex colour`);
  return value;
}

// Rounded down: 4.497 shows as 4.49, never as a passing 4.50.
const formatRatio = (ratio: number) => `${(Math.floor(ratio * 100) / 100).toFixed(2)}:1`;

describe('the cards and the shell, in each theme', () => {
  it.each(Object.entries(THEMES))('%s: every text colour reaches 4.5:1 on each background it is drawn on', (themeName, theme) => {
    const failures: string[] = [];
    const color = (name: string) => {
      try {
        return colorOf(theme, name, themeName);
      } catch (error) {
        failures.push((error as Error).message);
        return undefined;
      }
    };
    for (const [text, backgrounds] of Object.entries(TEXT_ON)) {
      const foreground = color(text);
      for (const background of backgrounds) {
        const back = color(background);
        if (foreground === undefined || back === undefined) continue;
        const ratio = contrastRatio(foreground, back);
        if (ratio < MIN_TEXT_CONTRAST) failures.push(`${text} ${foreground} on ${background} ${back}: ${formatRatio(ratio)}`);
      }
    }
    expect([...new Set(failures)]).toEqual([]);
  });

  it('sets no text colour the list above does not check', () => {
    const unchecked: string[] = [];
    for (const [file, css] of Object.entries(STYLESHEETS)) {
      for (const rule of cssRules(css)) {
        for (const { property, value } of rule.declarations) {
          if (property !== 'color') continue;
          const bare = value.replace(/\s*!important$/, '');
          if (/^(inherit|currentcolor|transparent)$/i.test(bare)) continue;
          const variable = /^var\((--[\w-]+)(?:,[^)]*)?\)$/.exec(bare)?.[1];
          if (variable?.startsWith('--shiki-')) continue; // tokens: checked below
          if (variable === undefined || !(variable in TEXT_ON)) unchecked.push(`${file}: ${rule.selector} { color: ${value} }`);
        }
      }
    }
    expect(unchecked).toEqual([]);
  });

  it('gives the system dark theme the same colours as the dark one', () => {
    expect(Object.fromEntries(THEMES['system dark'])).toEqual(Object.fromEntries(THEMES.dark));
  });

  it("gives the shell's fallbacks the light theme's colours", () => {
    const wrong: string[] = [];
    for (const [, name, fallback] of STYLESHEETS.app.matchAll(/var\((--tc-[\w-]+),\s*(#[0-9a-f]+)\s*\)/gi)) {
      const light = THEMES.light.get(name!);
      const same = light !== undefined && parseHexColor(light) && toHex(parseHexColor(light)!) === toHex(parseHexColor(fallback!)!);
      if (!same) wrong.push(`var(${name}, ${fallback}): the light theme has ${light}`);
    }
    expect(wrong).toEqual([]);
  });
});

describe('the Shiki themes', () => {
  const themes = [
    ['light', THEMES.light],
    ['dark', THEMES.dark],
  ] as const;

  it.each(themes)('%s: every token colour reaches 4.5:1 on the code background and the target line', (mode, theme) => {
    const registration = HIGHLIGHT_THEME_REGISTRATIONS[mode];
    expect(registration.name).toBe(HIGHLIGHT_THEMES[mode]);
    const backgrounds = ['--tc-code-bg', '--tc-target-bg'].map((name) => colorOf(theme, name, mode));
    // The highlighter lifts its colours on the backgrounds the stylesheet really uses.
    expect(TOKEN_BACKGROUNDS[mode].map((color) => toHex(parseHexColor(color)!))).toEqual(
      backgrounds.map((color) => toHex(parseHexColor(color)!)),
    );
    const colors = themeForegrounds(registration);
    expect(colors.length).toBeGreaterThan(5);
    const failures: string[] = [];
    for (const color of colors) {
      if (!parseHexColor(color)) {
        failures.push(`${color}: not a hex colour`);
        continue;
      }
      for (const background of backgrounds) {
        const ratio = contrastRatio(color, background);
        if (ratio < MIN_TEXT_CONTRAST) failures.push(`${color} on ${background}: ${formatRatio(ratio)}`);
      }
    }
    expect(failures).toEqual([]);
  });

  it('colours real tokens only with those colours', { timeout: 60_000 }, async () => {
    const highlighter = (await highlighterFor('markdown'))!;
    const sample = ['# Title', '', '- item with `code` and **bold**', '', '```', 'plain', '```', '<!-- comment -->', '[link](https://example.com)'].join('\n');
    const { tokens } = highlighter.codeToTokens(sample, { lang: 'markdown', themes: HIGHLIGHT_THEMES, defaultColor: false });
    const allowed = {
      light: new Set(themeForegrounds(HIGHLIGHT_THEME_REGISTRATIONS.light).map((color) => color.toLowerCase())),
      dark: new Set(themeForegrounds(HIGHLIGHT_THEME_REGISTRATIONS.dark).map((color) => color.toLowerCase())),
    };
    const used = tokens.flat().map((token) => token.htmlStyle ?? {});
    expect(used.length).toBeGreaterThan(5);
    for (const style of used) {
      expect(allowed.light).toContain(style['--shiki-light']?.toLowerCase());
      expect(allowed.dark).toContain(style['--shiki-dark']?.toLowerCase());
    }
  });
});
