import { describe, expect, it, vi } from 'vitest';
import { INITIAL, type StateStack } from 'shiki/textmate';
import { readFixtures } from '../test-support/card-fixtures';
import type { HighlightedLine } from './highlighted-line';
import { lineHighlightingFor, type LineHighlighting } from './highlighter';
import { MAX_TOKENIZED_CHARS, tokenizeLine } from './line-tokenizer';
import { shikiReferenceLines } from './test-support/shiki-reference';

const SAMPLES = {
  typescript: readFixtures.longTypescript.lines.map((line) => line.text),
  tsx: [
    "import { memo, useEffect, useState, type CSSProperties } from 'react';",
    "import type { HighlightedLine } from '../../highlight/highlighted-line';",
    '',
    '/**',
    ' * One row.',
    ' * @default "plain" (a back-referencing end pattern: the quote that opened the value closes it)',
    ' */',
    'export const Row = memo(function Row({ text, tokens, style }: { text: string; tokens?: HighlightedLine; style?: CSSProperties }) {',
    '  const [open, setOpen] = useState(false);',
    '  useEffect(() => {',
    '    if (!open) return undefined;',
    "    const timer = setTimeout(() => setOpen(false), 2_000); // close later",
    '    return () => clearTimeout(timer);',
    '  }, [open]);',
    '  return (',
    '    <div className={open ? "row is-open" : \'row\'} style={style} data-count={tokens?.length ?? 0} onClick={() => setOpen(!open)}>',
    '      {tokens ? tokens.map((token, index) => <span key={index} style={{ color: token.light }}>{token.text}</span>) : text}',
    '      <br />',
    '      {/* a comment in JSX */}',
    '      <Other<string> value={`template ${text.length}`} regex={/a+b?\\d/gi} />',
    '    </div>',
    '  );',
    '});',
    'enum Mode { A = 1, B = A << 2 }',
    'type Pick2<T, K extends keyof T> = { [P in K]: T[P] };',
  ],
  json: [
    '{',
    '  "name": "toolcards",',
    '  "version": "0.1.0",',
    '  "private": true,',
    '  "count": -12.5e3,',
    '  "nothing": null,',
    '  "escapes": "tab\\t quote\\" unicode\\u00e9",',
    '  "list": [1, 2, { "nested": [true, false] }],',
    '  "empty": {}',
    '}',
  ],
  markdown: [
    '# Highlighting engine',
    '',
    'Some *emphasis*, **strong**, ~~struck~~, `inline code` and a [link](https://example.com "title").',
    '',
    '## Steps',
    '',
    '- one',
    '  - nested with `code`',
    '1. numbered',
    '2. second',
    '',
    '> a quote',
    '> continued',
    '',
    '```ts',
    'const a: number = 1;',
    '```',
    '',
    '    indented code',
    '',
    '| Figure | Before | After |',
    '|---|---|---|',
    '| first text | 157 ms | 40 ms |',
    '',
    '<!-- a comment -->',
    '<div align="center">html</div>',
    '---',
    '![image](path/to.png)',
  ],
  python: [
    '#!/usr/bin/env python3',
    '"""Module docstring."""',
    'import os',
    'from typing import Any, Optional',
    '',
    '',
    '@dataclass(frozen=True)',
    'class Reader(Base, metaclass=Meta):',
    '    """A reader."""',
    '',
    '    limit: int = 2_000',
    '',
    '    def read(self, path: str, *args: Any, offset: Optional[int] = None, **kwargs) -> list[str]:',
    "        with open(path, 'r', encoding='utf-8') as handle:  # comment",
    "            lines = [line.rstrip('\\n') for line in handle if line and not line.startswith('#')]",
    "        return lines[offset or 0 : self.limit] if lines else [f'{path!r}: {len(lines):>4} lines', r'\\d+', b'bytes']",
    '',
    '    async def stream(self):',
    '        async for chunk in self._source():',
    '            yield chunk ** 2 // 3 % 7 @ matrix',
    '',
    "if __name__ == '__main__':",
    '    print(Reader().read(os.environ.get("FILE", "x.txt")), 0x1F, 1e-3, True, None)',
  ],
} as const;

/** Each character's look, as the cards draw it: a space or tab shows no colour, only an underline. */
function looks(lines: readonly HighlightedLine[]): string[] {
  return lines.flatMap((line, index) =>
    line.flatMap((token) =>
      [...token.text].map((char) =>
        (char === ' ' || char === '\t') && !token.underline ? `${index}:blank` : `${index}:${char}:${token.light}/${token.dark}/${token.italic ?? ''}/${token.underline ?? ''}`,
      ),
    ),
  );
}

function tokenizeAll(highlighting: LineHighlighting, texts: readonly string[]): HighlightedLine[] {
  let stack: StateStack = INITIAL;
  return texts.map((text) => {
    // No time budget: on a busy machine a cold line may run past it, and colours are what is compared here.
    const result = tokenizeLine(highlighting.grammar, highlighting.styles, text, stack, { timeBudgetMs: 0 });
    stack = result.stack;
    return result.line;
  });
}

describe('tokenizeLine', () => {
  // One grammar pass per line, coloured for both themes, against Shiki's own dual-theme
  // codeToTokens on the plain grammar (the app's highlighting before): not a character differs.
  describe.each(Object.keys(SAMPLES) as (keyof typeof SAMPLES)[])('%s', { timeout: 60_000 }, (lang) => {
    it("colours every character as Shiki's codeToTokens does with both themes", async () => {
      const texts = SAMPLES[lang];
      const mine = tokenizeAll((await lineHighlightingFor(lang))!, texts);
      const reference = await shikiReferenceLines(lang, texts);
      expect(mine.map((line) => line.map((token) => token.text).join(''))).toEqual([...texts]);
      const [ours, theirs] = [looks(mine), looks(reference)];
      expect(ours.length).toBe(theirs.length);
      const differing = ours.filter((look, index) => look !== theirs[index]);
      expect(differing).toEqual([]);
      // Both themes really colour: more than one colour each, never a token without one.
      const tokens = mine.flat();
      expect(new Set(tokens.map((token) => token.light)).size).toBeGreaterThan(2);
      expect(new Set(tokens.map((token) => token.dark)).size).toBeGreaterThan(2);
      expect(tokens.every((token) => token.light && token.dark)).toBe(true);
    });
  });

  it('merges neighbours of one look into one token', async () => {
    const { grammar, styles } = (await lineHighlightingFor('json'))!;
    const { line } = tokenizeLine(grammar, styles, '{ "a": 1 }', INITIAL);
    for (let index = 1; index < line.length; index += 1) {
      const [before, token] = [line[index - 1]!, line[index]!];
      expect([before.light, before.dark, before.italic, before.underline]).not.toEqual([token.light, token.dark, token.italic, token.underline]);
    }
  });

  it('draws no run of blanks as a token of its own: it joins its neighbour, indentation the token after it', async () => {
    const { grammar, styles } = (await lineHighlightingFor('typescript'))!;
    const { line } = tokenizeLine(grammar, styles, '    const value = read(path, { start: 1 });', INITIAL);
    expect(line.map((token) => token.text).join('')).toBe('    const value = read(path, { start: 1 });');
    expect(line.filter((token) => /^[ \t]+$/.test(token.text))).toEqual([]);
    expect(line[0]!.text).toBe('    const ');
    // Shiki's own tokens for this line hold 8 blank runs of their own: fewer elements to lay out.
    const reference = (await shikiReferenceLines('typescript', ['    const value = read(path, { start: 1 });']))[0]!;
    expect(line.length).toBeLessThan(reference.length);
  });

  it(`colours only the first ${MAX_TOKENIZED_CHARS} characters of a long line, leaves the rest one plain token and the state as it was`, async () => {
    const { grammar, styles } = (await lineHighlightingFor('typescript'))!;
    // A block comment opened before the cut and closed after it must not make the next line a comment.
    const long = `${'const a = 1; '.repeat(10)}/* ${'x'.repeat(20_000)} */`;
    const { line, stack } = tokenizeLine(grammar, styles, long, INITIAL);
    expect(line.map((token) => token.text).join('')).toBe(long);
    const rest = line.at(-1)!;
    expect(rest).toEqual({ text: long.slice(MAX_TOKENIZED_CHARS) });
    expect(line.slice(0, -1).every((token) => token.light && token.dark)).toBe(true);
    expect(stack).toBe(INITIAL);

    const next = tokenizeLine(grammar, styles, 'const b = 2;', stack).line;
    const keyword = next.find((token) => token.text.trim() === 'const')!;
    expect(keyword.light).toBe(tokenizeLine(grammar, styles, 'const a = 1;', INITIAL).line[0]!.light);

    // A line of exactly the cap is tokenized whole.
    const exact = 'x'.repeat(MAX_TOKENIZED_CHARS);
    expect(tokenizeLine(grammar, styles, exact, INITIAL).line.every((token) => token.light)).toBe(true);
  });

  it('leaves what its time budget did not reach plain, and the state as it was', async () => {
    const { grammar, styles } = (await lineHighlightingFor('typescript'))!;
    const text = 'let a = 1; '.repeat(80);
    // vscode-textmate reads Date.now() between matches: here each read is a millisecond later.
    let now = 0;
    const clock = vi.spyOn(Date, 'now').mockImplementation(() => (now += 1));
    try {
      const { line, stack } = tokenizeLine(grammar, styles, text, INITIAL, { timeBudgetMs: 5 });
      expect(line.map((token) => token.text).join('')).toBe(text);
      const rest = line.at(-1)!;
      expect(rest.light).toBeUndefined();
      expect(rest.text.length).toBeGreaterThan(text.length / 2);
      expect(line[0]!.light).toBeDefined();
      expect(stack).toBe(INITIAL);
    } finally {
      clock.mockRestore();
    }
  });

  it('leaves an empty line empty and the state as it was, as Shiki does', async () => {
    const { grammar, styles } = (await lineHighlightingFor('typescript'))!;
    const opened = tokenizeLine(grammar, styles, '/* open', INITIAL).stack;
    expect(tokenizeLine(grammar, styles, '', opened)).toEqual({ line: [], stack: opened });
  });
});
