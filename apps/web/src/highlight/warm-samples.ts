/**
 * A few lines of C-family code touching the usual constructs (imports, declarations, types,
 * strings, template literals, regexes, comments, numbers, classes): for languages without a sample of their own.
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

/**
 * A module's worth of TypeScript written to reach the rules real files use (declarations,
 * generics, classes, control flow, destructuring, regexes, template and tagged strings,
 * decorators). Measured in Node after warming with it: the first 25 lines of 9 real files of
 * this repository took 6–269 ms CPU against 61–476 ms after the eight C-family lines — less
 * in 8 of 9, a median of ≈ 25 % — for ≈ 200 ms more of idle warm-up.
 */
const TYPESCRIPT_MODULE = [
  "#!/usr/bin/env node",
  "'use strict';",
  "import fs, { promises as fsp } from 'node:fs';",
  "import type { Readable } from 'node:stream';",
  "import * as path from 'path';",
  "export * from './other';",
  "export { default as Thing, type Kind } from './thing';",
  "",
  "/**",
  " * A doc comment with a {@link Ref} and an @param tag.",
  " * @param input what comes in",
  " */",
  "// a line comment TODO: something",
  "export interface Options<T extends object = {}> extends Base, Other<T> {",
  "  readonly name?: string;",
  "  count: number | null;",
  "  [key: string]: unknown;",
  "  handler(event: Event, ...rest: T[]): void;",
  "  mapped: { [K in keyof T]?: T[K] extends Function ? never : T[K] };",
  "}",
  "",
  "export type Result<T, E = Error> = { ok: true; value: T } | { ok: false; error: E };",
  "type Tuple = readonly [first: string, second?: number];",
  "declare global { interface Window { app: App } }",
  "declare module 'x' { export const y: number; }",
  "enum Color { Red = 1, Green = 'g', Blue = Red << 2 }",
  "namespace Space { export const inner = 0; }",
  "",
  "@Component({ selector: 'app' })",
  "export default abstract class Store<S> extends Base<S> implements Disposable {",
  "  static #count = 0;",
  "  private readonly items = new Map<string, S[]>();",
  "  protected state: S | undefined = undefined;",
  "  constructor(private readonly source: Source, public label = 'store') { super(); }",
  "  get size(): number { return this.items.size; }",
  "  set size(value) { throw new RangeError(`cannot set ${value}`); }",
  "  async *entries(): AsyncGenerator<[string, S]> { for await (const [k, v] of this.source) yield [k, v as S]; }",
  "  abstract dispose(): void;",
  "  override toString() { return `${this.label}#${Store.#count++}`; }",
  "}",
  "",
  "export async function load(file: string, { signal, retries = 3 }: { signal?: AbortSignal; retries?: number } = {}): Promise<Result<string>> {",
  "  let attempt = 0, last: unknown;",
  "  const started = Date.now(), pattern = /^(\\w+)\\s*=\\s*\"([^\"]*)\"$/gmu;",
  "  while (attempt++ < retries && !signal?.aborted) {",
  "    try {",
  "      const text = await fsp.readFile(path.join(__dirname, file), 'utf8');",
  "      const matches = [...text.matchAll(pattern)].map(([, key, value]) => ({ key, value: value!.trim() }));",
  "      if (matches.length === 0) continue;",
  "      return { ok: true, value: JSON.stringify(matches, null, 2) };",
  "    } catch (error: unknown) {",
  "      last = error instanceof Error ? error.message : String(error);",
  "    } finally {",
  "      console.debug('attempt %d took %dms', attempt, Date.now() - started);",
  "    }",
  "  }",
  "  return { ok: false, error: new Error(`failed: ${last as string}`, { cause: last }) };",
  "}",
  "",
  "export const handlers: Record<string, (req: Request) => Promise<Response>> = {",
  "  'GET /': async (req) => new Response(null, { status: 204, headers: { 'x-id': req.url } }),",
  "  ['POST' + '/x']: async function named(this: void, req) { return Response.json(await req.json()); },",
  "};",
  "",
  "const compute = <T,>(values: T[], pick = (value: T) => value): T | undefined => values.find((v, i) => i % 2 === 0 && pick(v) !== undefined);",
  "const total = items.reduce((sum, { price = 0, qty }) => sum + price * qty, 0) ?? 0;",
  "const flags = 0b1010 | 0o17 & 0xff ^ ~1n, big = 1_000_000n, float = .5e-3, nan = NaN, inf = -Infinity;",
  "label: for (let i = 0; i < 10; i += 1) { if (i > 5) break label; else if (i === 2) continue; }",
  "switch (typeof value) { case 'string': case 'number': break; default: void 0; }",
  "const el = document.querySelector<HTMLElement>('#root')!; el?.addEventListener('click', (e) => e.preventDefault(), { once: true });",
  "delete obj.key; if (!(key in obj) && obj instanceof Object) throw new TypeError('no');",
  "const tagged = html`<div class=\"${cls}\">${content}</div>`, re2 = new RegExp('a+b', 'g'), div = a / b / c;",
  "export function isKind(value: unknown): value is Kind { return typeof value === 'object' && value !== null && 'kind' in value; }",
  "function assert(condition: unknown, message?: string): asserts condition { if (!condition) throw new Error(message); }",
  "let x = y satisfies Z as unknown as keyof typeof obj;",
  "const { a, b: [c, ...d], ...rest } = source, fn = async () => { await Promise.all([a(), b?.(), c?.[0]]); };",
  "import.meta.env.MODE === \"production\" && process.env.NODE_ENV !== 'test';",
  'const t = <U v="w" x={y}>{z}</U>;',
];

const SAMPLES: ReadonlyMap<string, readonly string[]> = new Map([
  ['typescript', TYPESCRIPT_MODULE],
  ['tsx', TYPESCRIPT_MODULE],
  ['javascript', TYPESCRIPT_MODULE],
  ['jsx', TYPESCRIPT_MODULE],
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
