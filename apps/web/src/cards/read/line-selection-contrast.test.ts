import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { TOKEN_BACKGROUNDS } from '../../highlight/highlighter';
import { contrastRatio, MIN_TEXT_CONTRAST, parseHexColor, toHex } from '../../styles/contrast';

/*
 * Selected lines keep their text readable (WCAG AA, 4.5:1) in both themes: the code, its
 * Shiki tokens and the line number, on the background cards.css gives a selected row.
 */

const css = readFileSync(join(dirname(fileURLToPath(import.meta.url)), '../cards.css'), 'utf8').replace(/\/\*[\s\S]*?\*\//g, '');

/** The declarations of the one rule with exactly this selector (outside @media). */
function declarations(selector: string): Map<string, string> {
  const escaped = selector.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(/\s+/g, '\\s+');
  const rules = [...css.matchAll(new RegExp(`(?:^|})\\s*${escaped}\\s*\\{([^}]*)\\}`, 'g'))];
  expect(rules, `cards.css has one "${selector}" rule`).toHaveLength(1);
  return new Map(
    rules[0]![1]!
      .split(';')
      .filter((part) => part.includes(':'))
      .map((part) => [part.slice(0, part.indexOf(':')).trim(), part.slice(part.indexOf(':') + 1).trim()] as const),
  );
}

const variableOf = (value: string | undefined) => /^var\((--[\w-]+)\)$/.exec(value ?? '')?.[1];

function theme(selector: string): Map<string, string> {
  const rule = declarations(selector);
  return new Map([...rule].filter(([name]) => name.startsWith('--')));
}

const THEMES = { light: theme(":root,\n:root[data-theme='light']"), dark: theme(":root[data-theme='dark']") };

describe('selected lines in a read card', () => {
  const row = declarations('.tc-read__row.is-selected');
  const gutter = declarations('.tc-read__row.is-selected .tc-read__gutter');
  const background = variableOf(row.get('background'));
  const gutterBackground = variableOf(gutter.get('background-color'));
  const number = variableOf(gutter.get('color'));

  it('draw the row and its number on one background variable, the number in a theme colour', () => {
    expect(background).toBeDefined();
    expect(gutterBackground).toBe(background);
    expect(number).toBeDefined();
  });

  it.each(Object.entries(THEMES))('%s: code, tokens and the number reach 4.5:1 on it', (mode, variables) => {
    const back = variables.get(background!)!;
    expect(parseHexColor(back), `${background} in ${mode}`).toBeDefined();
    for (const text of ['--tc-code-fg', number!]) {
      const ratio = contrastRatio(variables.get(text)!, back);
      expect(ratio, `${text} on ${background} (${mode})`).toBeGreaterThanOrEqual(MIN_TEXT_CONTRAST);
    }
    // Token colours are lifted to 4.5:1 on every background in TOKEN_BACKGROUNDS: this must be one.
    const lifted = TOKEN_BACKGROUNDS[mode as keyof typeof TOKEN_BACKGROUNDS].map((color) => toHex(parseHexColor(color)!));
    expect(lifted).toContain(toHex(parseHexColor(back)!));
  });
});
