import type { SessionEvent } from '@toolcards/protocol';
import type { ExportFileHeader, ExportItem } from '@toolcards/protocol';
import type { ExportDocument } from '../../export-document';

/**
 * An export document with one card of each kind, for the HTML writer's tests and the viewer's
 * screenshots: a prompt, a read (TypeScript), a grep with two files, a terminal (ANSI colours),
 * a diff, a plan, a generic card and an assistant answer with a code fence. `</script>` sits
 * in a read line, as a file's text may hold it.
 */
export const SAMPLE_SCRIPT_END_LINE = 'const tag = "</script><script>alert(1)</script>";';

const TIME = '2026-12-01T10:00:00.000Z';

export function sampleExportFileHeader(fields: Partial<ExportFileHeader> = {}): ExportFileHeader {
  return {
    toolcardsVersion: '0.1.0',
    source: 'toolcards',
    sessionId: 's-sample',
    title: 'Fix the pricing rounding',
    workspace: '~/work/shop',
    startedAt: TIME,
    endedAt: '2026-12-01T10:05:00.000Z',
    counts: { events: 0, calls: 7, byCard: { read: 1, search: 1, terminal: 1, diff: 1, plan: 1, generic: 1 } },
    stillBeingWritten: false,
    masked: [{ rule: 'aws-access-key-id', count: 1 }],
    ...fields,
  };
}

export function sampleExportItems(): ExportItem[] {
  const items: ExportItem[] = [];
  const push = (event: Omit<SessionEvent, 'seq' | 'time'>, view?: unknown) => {
    const full = { ...event, seq: items.length, time: TIME } as SessionEvent;
    items.push(view === undefined ? { event: full } : { event: full, view });
  };
  const call = (callId: string, name: string, args: Record<string, string>, title: string, kind: string) =>
    push({ type: 'tool/call', data: { callId, name, args, origin: 'model' } } as never, { card: 'generic', title, kind });
  const result = (callId: string, view: unknown, text = 'ok') =>
    push({ type: 'tool/result', data: { callId, content: [{ type: 'text', text }], isError: false } } as never, view);

  push({ type: 'user/message', data: { text: 'Why does the pricing round down?' } } as never);
  call('c1', 'read', { path: 'src/pricing.ts' }, 'Read src/pricing.ts', 'read');
  result('c1', {
    card: 'read',
    title: 'Read src/pricing.ts',
    path: 'src/pricing.ts',
    offset: 1,
    totalLines: 5,
    lang: 'typescript',
    lines: [
      { number: 1, text: "// Prices in cents; the key is •••• (aws-access-key-id)" },
      { number: 2, text: 'export function price(cents: number): string {' },
      { number: 3, text: '  return (Math.floor(cents) / 100).toFixed(2);' },
      { number: 4, text: '}' },
      { number: 5, text: SAMPLE_SCRIPT_END_LINE },
    ],
  });
  call('c2', 'grep', { pattern: 'floor' }, 'Search floor', 'search');
  result('c2', {
    card: 'search',
    shape: 'matches',
    title: 'Search floor',
    truncated: false,
    total: 3,
    files: [
      { path: 'src/pricing.ts', matches: [{ lineNumber: 3, line: '  return (Math.floor(cents) / 100).toFixed(2);', ranges: [[15, 20]] }] },
      {
        path: 'src/tax.ts',
        matches: [
          { lineNumber: 7, line: 'const due = Math.floor(total * rate);', ranges: [[17, 22]] },
          { lineNumber: 9, line: 'return Math.floor(due);', ranges: [[12, 17]] },
        ],
      },
    ],
  });
  call('c3', 'Bash', { command: 'npm test' }, 'npm test', 'execute');
  result('c3', {
    card: 'terminal',
    command: 'npm test -- --run src/pricing.test.ts',
    cwd: '~/work/shop',
    exitCode: 1,
    output: ' \u001b[31m×\u001b[39m price > rounds half up\n   → expected "1.00" to be "1.01"\n',
    truncated: false,
  });
  call('c4', 'Edit', { file_path: 'src/pricing.ts' }, 'Edit src/pricing.ts', 'edit');
  result('c4', {
    card: 'diff',
    title: 'Edit src/pricing.ts',
    files: [
      {
        path: 'src/pricing.ts',
        status: 'modified',
        lang: 'typescript',
        hunks: [{ oldStart: 2, oldLines: 3, newStart: 2, newLines: 3, lines: [' export function price(cents: number): string {', '-  return (Math.floor(cents) / 100).toFixed(2);', '+  return (Math.round(cents) / 100).toFixed(2);', ' }'] }],
      },
    ],
  });
  call('c5', 'TodoWrite', {}, 'TodoWrite', 'other');
  result('c5', {
    card: 'plan',
    title: 'TodoWrite',
    items: [
      { text: 'Find where prices round', status: 'completed' },
      { text: 'Round half up', status: 'in_progress' },
      { text: 'Add a test', status: 'pending' },
    ],
  });
  call('c6', 'WebFetch', { url: 'https://example.com' }, 'Fetch example.com', 'fetch');
  result('c6', { card: 'generic', title: 'Fetch example.com', content: 'Example Domain\nThis domain is for use in examples.' });
  push({ type: 'assistant/text', data: { messageId: 'm1', delta: 'It used `Math.floor`. Now:\n\n```ts\nconst p = Math.round(cents) / 100;\n```\n' } } as never);
  push({ type: 'turn/end', data: { reason: 'done' } } as never);
  return items;
}

export function sampleExportDocument(items: ExportItem[] = sampleExportItems()): ExportDocument {
  return {
    header: sampleExportFileHeader({ counts: { events: items.length, calls: 6, byCard: { read: 1, search: 1, terminal: 1, diff: 1, plan: 1, generic: 1 } } }),
    items: (async function* () {
      yield* items;
    })(),
  };
}
