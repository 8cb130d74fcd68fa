/**
 * Named views for every card state, shared by the component tests and the Storybook
 * gallery. Every view here passes protocol's wire validator (fixtures.test.ts checks);
 * the raw wire objects in `resultFixtures` are the ones meant to fail it.
 */
import type {
  GenericResultView,
  ReadFileLine,
  ReadResultView,
  SearchFileMatches,
  SearchMatchesResultView,
  SearchPathsResultView,
  ToolCallView,
} from '@toolcards/protocol';
import type { ResultForView } from '../cards/view-for-result';

// ── Source text ────────────────────────────────────────────────────────────

/** One module's worth of ordinary TypeScript; `n` keeps repeated copies distinct. */
function typescriptModule(n: number): string[] {
  return [
    `/**`,
    ` * Session store ${n}: appends events and replays them in order.`,
    ` * Views are never persisted — only meta; see DESIGN.md.`,
    ` */`,
    `import { readFile, appendFile } from 'node:fs/promises';`,
    `import type { SessionEvent, SessionHeader } from '@toolcards/protocol';`,
    ``,
    `export interface StoreOptions${n} {`,
    `  /** Directory holding one JSONL file per session. */`,
    `  directory: string;`,
    `  maxEvents?: number;`,
    `}`,
    ``,
    `const DEFAULT_MAX_EVENTS_${n} = 10_000;`,
    ``,
    `export class SessionStore${n} {`,
    `  readonly #events: SessionEvent[] = [];`,
    `  #nextSeq = 0;`,
    ``,
    `  constructor(private readonly options: StoreOptions${n}) {}`,
    ``,
    `  async append(event: Omit<SessionEvent, 'seq' | 'time'>): Promise<SessionEvent> {`,
    `    const full = { ...event, seq: this.#nextSeq++, time: new Date().toISOString() } as SessionEvent;`,
    `    if (this.#events.length >= (this.options.maxEvents ?? DEFAULT_MAX_EVENTS_${n})) {`,
    `      throw new Error(\`session is full (\${this.#events.length} events)\`);`,
    `    }`,
    `    this.#events.push(full);`,
    `    await appendFile(this.pathFor(full), JSON.stringify(full) + '\\n', 'utf8');`,
    `    return full;`,
    `  }`,
    ``,
    `  async *replay(header: SessionHeader): AsyncGenerator<SessionEvent> {`,
    `    const text = await readFile(\`\${this.options.directory}/\${header.id}.jsonl\`, 'utf8');`,
    `    for (const [index, line] of text.split('\\n').entries()) {`,
    `      if (index === 0 || line.trim() === '') continue; // line 1 is the header`,
    `      try {`,
    `        yield JSON.parse(line) as SessionEvent;`,
    `      } catch {`,
    `        /* A torn last line (a crash mid-write) is skipped, never fatal. */`,
    `      }`,
    `    }`,
    `  }`,
    ``,
    `  private pathFor(event: SessionEvent): string {`,
    `    return \`\${this.options.directory}/\${event.type.replace(/\\//g, '-')}-${n}.jsonl\`;`,
    `  }`,
    `}`,
    ``,
    `export function isToolEvent${n}(event: SessionEvent): boolean {`,
    `  return event.type === 'tool/call' || event.type === 'tool/result';`,
    `}`,
    ``,
  ];
}

/** `count` lines of TypeScript starting at line `from`, numbered as a file of repeated modules. */
function typescriptLines(from: number, count: number): ReadFileLine[] {
  const lines: ReadFileLine[] = [];
  let source: string[] = [];
  let module = 0;
  for (let number = 1; lines.length < count; number += 1) {
    if (source.length === 0) source = typescriptModule((module += 1));
    const text = source.shift()!;
    if (number >= from) lines.push({ number, text });
  }
  return lines;
}

const numbered = (texts: readonly string[], from = 1): ReadFileLine[] =>
  texts.map((text, index) => ({ number: from + index, text }));

const shortTypescript = typescriptModule(1);

/** A line a tool would deliver for file content or a file name meant to become markup. */
export const HOSTILE_TEXT = '<img src=x onerror=alert(1)>';

/**
 * Names that display as something they are not: a right-to-left override that makes
 * `report[U+202E]txt.exe` read "reportexe.txt", a zero-width space, a Cyrillic `а` in `package.json`.
 */
export const DECEPTIVE_NAMES = {
  reversedExtension: 'downloads/report\u202Etxt.exe',
  zeroWidthSpace: 'src/zw\u200Bspace.ts',
  cyrillicA: 'p\u0430ckage.json',
} as const;

/**
 * Trojan Source (CVE-2021-42574), "commenting out": bidi overrides and isolates inside the
 * comments make the admin check display as live code. A byte order mark starts the file
 * (shown raw: it is one), an invisible Hangul filler names a variable, and a zero-width
 * space hides in an identifier.
 */
const TROJAN_SOURCE = [
  '\uFEFF#!/usr/bin/env node',
  'let isAdmin = false;',
  '/*\u202E } \u2066if (isAdmin)\u2069 \u2066 begin admins only */',
  '    console.log("You are an admin.");',
  '/* end admins only \u202E { \u2066*/',
  'const \u3164 = process.env.TOKEN;',
  'export const is\u200BAdmin = () => isAdmin;',
];

// ── Read ───────────────────────────────────────────────────────────────────

export const readFixtures = {
  /** A whole small TypeScript file. */
  typescript: {
    card: 'read',
    title: 'read src/session/store.ts',
    path: 'src/session/store.ts',
    offset: 1,
    lines: numbered(shortTypescript),
    totalLines: shortTypescript.length,
    lang: 'typescript',
  },
  /** An extension langFromPath does not know: no `lang`, plain text. */
  plainText: {
    card: 'read',
    path: 'logs/build.out',
    offset: 1,
    lines: numbered([
      '[12:00:01] starting build (mode=production)',
      '[12:00:02] resolved 214 modules',
      '[12:00:04] warning: chunk vendor exceeds 500 kB',
      '[12:00:05] wrote dist/index.html',
      '[12:00:05] done in 4.2s',
    ]),
    totalLines: 5,
  },
  /** Lines 1,200–1,399 of a 3,000-line file. */
  middleOfFile: {
    card: 'read',
    path: 'src/server/session-store.ts',
    offset: 1200,
    lines: typescriptLines(1200, 200),
    totalLines: 3000,
    lang: 'typescript',
  },
  /** A byte cap below the first selected line: nothing shown, but where and how much is known. */
  emptyWindowAtOffset: {
    card: 'read',
    path: 'data/export.csv',
    offset: 1201,
    lines: [],
    totalLines: 3000,
  },
  /** The 50 KiB window cap stopped at line 420 of 1,800: a continuation hint follows. */
  cappedWindow: {
    card: 'read',
    path: 'fixtures/catalog.json',
    offset: 1,
    lines: numbered(
      Array.from({ length: 420 }, (_, index) =>
        index === 0
          ? '['
          : `  { "id": ${index}, "sku": "SKU-${String(index).padStart(5, '0')}", "name": "Item ${index}", "tags": ["stock", "warehouse-${index % 7}"], "price": ${(index * 1.37).toFixed(2)}, "active": ${index % 3 !== 0} },`,
      ),
    ),
    totalLines: 1800,
    lang: 'json',
  },
  /** A minified line at the read tool's 2,000-character cut. */
  longLine: {
    card: 'read',
    path: 'public/vendor/chart.min.js',
    offset: 1,
    lines: numbered([
      '/*! chart v4.4.1 | MIT */',
      `!function(t,e){"object"==typeof exports?module.exports=e():t.Chart=e()}(this,function(){${'var a=1,b=function(c){return c*a+0x1f};'.repeat(60)}`.slice(0, 2000),
      '//# sourceMappingURL=chart.min.js.map',
    ]).map((line) => (line.number === 2 ? { ...line, cutAtChars: 2000 } : line)),
    totalLines: 3,
    lang: 'javascript',
  },
  /** A 12,000-character line read whole (a raised line cap): its row draws 2,000 and offers the rest. */
  lineLongerThanRow: {
    card: 'read',
    path: 'public/vendor/editor.min.js',
    offset: 1,
    lines: numbered([
      '/*! editor v2.1.0 | MIT */',
      `!function(t){"use strict";${'var n=t.length,r=function(e){return e*n+0x1f},o=[r(1),"s"];'.repeat(250)}`.slice(0, 12_000),
      '//# sourceMappingURL=editor.min.js.map',
    ]),
    totalLines: 3,
    lang: 'javascript',
  },
  /** The read tool's largest window: 2,000 lines of TypeScript (virtualized, chunked highlighting). */
  longTypescript: {
    card: 'read',
    path: 'src/generated/stores.ts',
    offset: 1,
    lines: typescriptLines(1, 2000),
    totalLines: 2431,
    lang: 'typescript',
  },
  /** A file written with CRLF: the tool strips every \r before the view is built. */
  crlfSourced: {
    card: 'read',
    path: 'config/legacy.ini',
    offset: 1,
    lines: numbered(['; written on Windows', '[server]', 'host = 127.0.0.1', 'port = 3080', '', '[log]', 'level = info']),
    totalLines: 7,
    lang: 'ini',
  },
  /** Trojan Source: bidi controls inside comments, invisible identifiers. */
  trojanSource: {
    card: 'read',
    path: 'src/auth/is-admin.js',
    offset: 1,
    lines: numbered(TROJAN_SOURCE),
    totalLines: TROJAN_SOURCE.length,
    lang: 'javascript',
  },
  /** A reversed file name, and contents full of characters that draw as nothing. */
  invisibleCharacters: {
    card: 'read',
    path: DECEPTIVE_NAMES.reversedExtension,
    offset: 1,
    lines: numbered([
      'zero\u200Bwidth\u200Cnon\u200Djoiners and a soft\u00ADhyphen',
      'a NUL \u0000, an ESC \u001B[31m and a DEL \u007F',
      'hidden tags: ok\u{E0069}\u{E0067}\u{E006E}\u{E006F}\u{E0072}\u{E0065}',
      'emoji stay whole: \u{1F468}\u200D\u{1F469}\u200D\u{1F467} ❤️ \u{1F3F4}\u{E0067}\u{E0062}\u{E0073}\u{E0063}\u{E0074}\u{E007F}',
    ]),
    totalLines: 4,
  },
  /** A `package.json` whose `a` is Cyrillic. */
  mixedScriptName: {
    card: 'read',
    path: DECEPTIVE_NAMES.cyrillicA,
    offset: 1,
    lines: numbered(['{', '  "name": "toolcards",', '  "private": true', '}']),
    totalLines: 4,
    lang: 'json',
  },
  /** File name and contents that would be markup if anything rendered them as HTML. */
  hostile: {
    card: 'read',
    path: `uploads/${HOSTILE_TEXT}.html`,
    offset: 1,
    lines: numbered([HOSTILE_TEXT, `<script>alert('x')</script>`]),
    totalLines: 2,
  },
} satisfies Record<string, ReadResultView>;

// ── Search: matches ────────────────────────────────────────────────────────

const match = (lineNumber: number, line: string, needle: string) => {
  const start = line.indexOf(needle);
  return { lineNumber, line, ranges: [[start, start + needle.length] as [number, number]] };
};

function spilledFiles(): SearchFileMatches[] {
  return Array.from({ length: 100 }, (_, file) => ({
    path: `packages/module-${String(file).padStart(2, '0')}/src/handler.ts`,
    matches: Array.from({ length: file < 50 ? 3 : 2 }, (_, index) =>
      match(10 + index * 17, `  const result = await dispatch(request, { retries: ${index} });`, 'dispatch'),
    ),
  }));
}

const longLineWithMatch = `${'const padding = [' + '0, '.repeat(300)}0]; export const needleValue = computeNeedle(padding);`;

export const searchMatchesFixtures = {
  /** A small grep: five matches in three files. */
  fewMatches: {
    card: 'search',
    shape: 'matches',
    title: 'grep "readFile"',
    files: [
      {
        path: 'packages/tools/src/read/read-tool.ts',
        matches: [
          match(3, "import { readFile } from 'node:fs/promises';", 'readFile'),
          match(41, '    const bytes = await readFile(resolved);', 'readFile'),
        ],
      },
      {
        path: 'packages/session/src/replay.ts',
        matches: [
          match(12, "import { readFile } from 'node:fs/promises';", 'readFile'),
          match(58, "  const text = await readFile(path, 'utf8');", 'readFile'),
        ],
      },
      { path: 'README.md', matches: [match(88, '`readFile` is never called on a path outside the workspace.', 'readFile')] },
    ],
    truncated: false,
    total: 5,
  },
  /** Another agent's grep -C 1: the lines printed around each match ride beside it. */
  withContext: {
    card: 'search',
    shape: 'matches',
    title: 'Grep needle',
    files: [
      {
        path: 'src/alpha.ts',
        matches: [
          {
            ...match(2, '// needle one', 'needle'),
            context: [
              { lineNumber: 1, line: 'export const one = 1;' },
              { lineNumber: 3, line: 'export const two = 2;' },
            ],
          },
          { ...match(9, '  return needle(two);', 'needle'), context: [{ lineNumber: 8, line: 'export function three() {' }, { lineNumber: 10, line: '}' }] },
        ],
      },
    ],
    truncated: false,
    total: 2,
  },
  /** 250 of 1,204 matches kept, in 100 files; the full result was spilled. */
  truncated: {
    card: 'search',
    shape: 'matches',
    title: 'grep "dispatch"',
    files: spilledFiles(),
    truncated: true,
    total: 1204,
    spillPath: '.toolcards/spill/grep-2f9c1e.txt',
  },
  /** Several ranges per line, text with emoji and CJK before the match, and a long line. */
  highlightedRanges: {
    card: 'search',
    shape: 'matches',
    title: 'grep "needle"',
    files: [
      {
        path: 'src/i18n/messages.ts',
        matches: [
          { lineNumber: 7, line: 'needle = needle + needle;', ranges: [[0, 6], [9, 15], [18, 24]] },
          match(19, "  greeting: '👋🏽 こんにちは 世界 — needle here',", 'needle'),
          match(23, "  farewell: '再见 🚀🚀 needle';", 'needle'),
        ],
      },
      { path: 'src/data/padding.ts', matches: [match(1, longLineWithMatch, 'needle')] },
      { path: 'src/plain.ts', matches: [{ lineNumber: 4, line: '// needle without ranges' }] },
    ],
    truncated: false,
    total: 5,
  },
  /** A grep that found nothing. */
  zeroMatches: {
    card: 'search',
    shape: 'matches',
    title: 'grep "no-such-symbol"',
    files: [],
    truncated: false,
    total: 0,
  },
  /** Deceptive file names, and match lines with bidi and zero-width characters before and inside the match. */
  invisibleCharacters: {
    card: 'search',
    shape: 'matches',
    title: 'grep "isAdmin"',
    files: [
      {
        path: 'src/auth/is-admin.js',
        matches: [
          match(3, '/*\u202E } \u2066if (isAdmin)\u2069 \u2066 begin admins only */', 'isAdmin'),
          match(7, 'export const is\u200BAdmin = () => isAdmin;', 'isAdmin'),
          // The match itself spans a zero-width space.
          match(7, 'export const is\u200BAdmin = () => isAdmin;', 'is\u200BAdmin'),
        ],
      },
      { path: DECEPTIVE_NAMES.zeroWidthSpace, matches: [match(1, 'if (isAdmin) grant();', 'isAdmin')] },
      { path: DECEPTIVE_NAMES.cyrillicA, matches: [match(2, '  "isAdmin": false,', 'isAdmin')] },
    ],
    truncated: false,
    total: 5,
  },
  /** Match text and a file name that would be markup if rendered as HTML. */
  hostile: {
    card: 'search',
    shape: 'matches',
    files: [{ path: `web/${HOSTILE_TEXT}.ts`, matches: [match(1, `const html = '${HOSTILE_TEXT}';`, 'img')] }],
    truncated: false,
    total: 1,
  },
} satisfies Record<string, SearchMatchesResultView>;

// ── Search: paths ──────────────────────────────────────────────────────────

export const searchPathsFixtures = {
  shortList: {
    card: 'search',
    shape: 'paths',
    title: 'glob "**/*.test.ts"',
    paths: ['packages/protocol/src/lang.test.ts', 'packages/tools/src/read/read-tool.test.ts', 'scripts/start.test.ts'],
    truncated: false,
    total: 3,
  },
  /** 100 of 5,000 paths kept; the full list was spilled. */
  truncated: {
    card: 'search',
    shape: 'paths',
    title: 'glob "**/*"',
    paths: Array.from({ length: 100 }, (_, index) => `assets/images/photo-${String(index).padStart(4, '0')}.jpg`),
    truncated: true,
    total: 5000,
    spillPath: '.toolcards/spill/glob-a41d07.txt',
  },
  zeroFiles: {
    card: 'search',
    shape: 'paths',
    title: 'glob "**/*.rs"',
    paths: [],
    truncated: false,
    total: 0,
  },
  /** Deceptive names among ordinary ones (a Cyrillic name with a Latin extension is fine). */
  invisibleCharacters: {
    card: 'search',
    shape: 'paths',
    title: 'glob "**/*"',
    paths: [DECEPTIVE_NAMES.reversedExtension, DECEPTIVE_NAMES.zeroWidthSpace, DECEPTIVE_NAMES.cyrillicA, 'docs/отчёт.txt'],
    truncated: false,
    total: 4,
  },
  hostile: {
    card: 'search',
    shape: 'paths',
    paths: [`uploads/${HOSTILE_TEXT}`],
    truncated: false,
    total: 1,
  },
} satisfies Record<string, SearchPathsResultView>;

// ── Generic ────────────────────────────────────────────────────────────────

export const genericFixtures = {
  plainOutput: {
    card: 'generic',
    title: 'run tests',
    content: ' ✓ packages/protocol (42 tests)\n ✓ packages/tools (118 tests)\n\nTest Files  2 passed\n     Tests  160 passed',
  },
  /** More than 30 lines: collapsed with "Show all". */
  longOutput: {
    card: 'generic',
    title: 'list processes',
    content: Array.from({ length: 120 }, (_, index) => `${String(1000 + index).padStart(6)}  node worker-${index}.js`).join('\n'),
  },
  empty: { card: 'generic', title: 'touch notes.txt' },
  /** Output with a bidi override, colour escapes and a progress bar's carriage returns. */
  invisibleCharacters: {
    card: 'generic',
    title: 'cat notes.txt',
    content: 'total: 100\u202E00\u202C credits\n\u001B[32mok\u001B[0m all checks passed\r\nprogress 50%\rprogress 100%\n',
  },
} satisfies Record<string, GenericResultView>;

// ── Results as they arrive: the fallback paths ────────────────────────────

export interface ResultFixture {
  result: ResultForView;
  /** The view over the wire, unvalidated. */
  wireView: unknown;
}

export const resultFixtures = {
  /** A tool error: the card shows its code and message. */
  error: {
    result: {
      content: [{ type: 'text', text: 'FS_NOT_FOUND: src/missing.ts does not exist' }],
      isError: true,
      error: { code: 'FS_NOT_FOUND', message: 'src/missing.ts does not exist. Check the path with glob first.' },
    },
    wireView: undefined,
  },
  /** A card this client does not know (a newer server): falls back to the result text. */
  unknownCard: {
    result: { content: [{ type: 'text', text: '@@ -1,3 +1,3 @@\n-const a = 1;\n+const a = 2;' }], isError: false },
    wireView: { card: 'diff', title: 'edit src/a.ts', hunks: [{ oldStart: 1, newStart: 1, lines: ['-const a = 1;', '+const a = 2;'] }] },
  },
  /** A read view whose numbers go backwards and whose total is a string: falls back. */
  malformedRead: {
    result: {
      content: [{ type: 'text', text: '<path>src/a.ts</path>\n<type>file</type>\n<content>\n3: c\n2: b\n</content>' }],
      isError: false,
    },
    wireView: { card: 'read', path: 'src/a.ts', offset: 3, lines: [{ number: 3, text: 'c' }, { number: 2, text: 'b' }], totalLines: '12' },
  },
  /** No view at all (an older log, a tool without presenter). */
  noView: {
    result: { content: [{ type: 'text', text: 'first block' }, { type: 'text', text: 'second block' }], isError: false },
    wireView: undefined,
  },
} satisfies Record<string, ResultFixture>;

// ── Pending calls ─────────────────────────────────────────────────────────

export const callFixtures = {
  read: { card: 'generic', title: 'read src/session/store.ts', kind: 'read', locations: [{ path: 'src/session/store.ts', line: 120 }] },
  search: { card: 'generic', title: 'grep "dispatch" in packages/', kind: 'search', locations: [{ path: 'packages/' }] },
  edit: { card: 'generic', title: 'edit src/a.ts', kind: 'edit', locations: [{ path: 'src/a.ts', line: 3 }] },
  delete: { card: 'generic', title: 'delete tmp/cache.json', kind: 'delete', locations: [{ path: 'tmp/cache.json' }] },
  move: { card: 'generic', title: 'move a.ts → b.ts', kind: 'move', locations: [{ path: 'a.ts' }, { path: 'b.ts' }] },
  execute: { card: 'generic', title: 'npm test', kind: 'execute' },
  fetch: { card: 'generic', title: 'fetch https://example.com/api', kind: 'fetch' },
  other: { card: 'generic', title: 'think', kind: 'other' },
  /** A read of a mixed-script name and a reversed one. */
  deceptiveNames: {
    card: 'generic',
    title: `read ${DECEPTIVE_NAMES.cyrillicA}`,
    kind: 'read',
    locations: [{ path: DECEPTIVE_NAMES.cyrillicA }, { path: DECEPTIVE_NAMES.reversedExtension, line: 2 }],
  },
  /** No kind at all: drawn as "other". */
  untyped: { card: 'generic', title: 'custom_tool' },
} satisfies Record<string, ToolCallView>;
