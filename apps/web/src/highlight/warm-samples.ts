/**
 * A few lines of C-family code touching the usual constructs (imports, declarations, types,
 * strings, template literals, regexes, comments, numbers, classes).
 */
const C_FAMILY = [
  "import { a, type B } from '../cards/read/c';",
  '/** doc */',
  'export const d: Record<string, number> = { e: 1, "f": 2.5e3, g: 0x1f }; // note',
  'export async function h<T>(i: readonly T[], ...j: unknown[]): Promise<void> {',
  '  for (const k of i) if (k != null && `${k}`.length > 0) await l(k as never, /m+\\d/g);',
  '}',
  'class N<O> extends P implements Q { private r = new Map<string, O>(); get s() { return this.r; } }',
  'const t = <U v="w" x={y}>{z}</U>;',
];

const SAMPLES: ReadonlyMap<string, readonly string[]> = new Map([
  ['json', ['{', '  "name": "toolcards", "count": 42, "ok": true, "none": null,', '  "list": [1.5, -2e3, "three", { "nested": [] }]', '}']],
  [
    'markdown',
    [
      '# Title',
      'Some *emphasis*, **strong**, `code` and a [link](https://example.com).',
      '- item',
      '1. numbered',
      '> quote',
      '```ts',
      'const a = 1;',
      '```',
      '<!-- comment -->',
      '| a | b |',
    ],
  ],
  [
    'python',
    [
      'import os',
      'from typing import Any',
      '@decorator',
      'class A(B):',
      '    """Doc."""',
      '    def f(self, x: int = 1, *args: Any, **kw) -> str:',
      "        return f'{x!r} {self.y}' + r'\\d' + str(0x1F) if x else None  # note",
    ],
  ],
]);

/**
 * Lines to tokenize in `lang` ahead of time, so the regexes of its common rules are compiled
 * (V8 compiles each on first use, tens of ms for the large Unicode classes of a grammar) before
 * a card needs them. Languages without their own sample still get their top-level rules compiled.
 */
export function warmSample(lang: string): readonly string[] {
  return SAMPLES.get(lang) ?? C_FAMILY;
}
