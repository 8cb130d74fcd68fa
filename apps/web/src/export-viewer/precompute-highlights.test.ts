import { describe, expect, it } from 'vitest';
import type { DiffResultView, ReadResultView, TerminalResultView } from '@toolcards/protocol';
import type { EncodedLine, EncodedWindow } from '@toolcards/protocol';
import { decodeWindow } from './export-highlights';
import { windowKey } from './highlight-key';
import { createExportHighlighter } from './precompute-highlights';

const read: ReadResultView = {
  card: 'read',
  path: 'src/a.ts',
  offset: 1,
  totalLines: 3,
  lang: 'typescript',
  lines: [
    { number: 1, text: '/* a comment' },
    { number: 2, text: '   still the comment */ export const a = 1;' },
    { number: 3, text: '' },
  ],
};

function linesOf(windows: EncodedWindow[], key: string): EncodedLine[] {
  const found = windows.find((window) => window.key === key);
  if (!found || !('lines' in found) || typeof found.lines === 'number') throw new Error(`no window ${key}`);
  return found.lines;
}

describe('the export highlighter (the app highlighter in Node)', () => {
  it("colours a read's window as the card asks for it, the grammar state carried from line to line", async () => {
    const highlighter = createExportHighlighter();
    const texts = read.lines.map((line) => line.text);
    const windows = await highlighter.windowsFor(read);
    const decoded = decodeWindow(texts, linesOf(windows, windowKey('typescript', texts)), highlighter.styles())!;
    expect(decoded.map((line) => line.map((token) => token.text).join(''))).toEqual(texts);
    // Line 2 opens inside the comment of line 1: its first token has the comment's colour, not the keyword's.
    const comment = decoded[0]![0]!;
    expect(decoded[1]![0]!.light).toBe(comment.light);
    expect(decoded[1]!.some((token) => token.text.trim().startsWith('export') && token.light !== comment.light)).toBe(true);
    // The same window again in the same file is not written twice.
    expect(await highlighter.windowsFor(read)).toEqual([]);
  });

  it("colours a terminal's command and each side of a diff; a long side's head points into its full side", async () => {
    const highlighter = createExportHighlighter();
    const terminal: TerminalResultView = { card: 'terminal', command: 'ls -la | grep x', exitCode: 0, output: '', truncated: false };
    expect((await highlighter.windowsFor(terminal)).map((window) => window.key)).toEqual([windowKey('shellscript', ['ls -la | grep x'])]);
    const added = Array.from({ length: 80 }, (_, index) => `+const v${index} = ${index};`);
    const diff: DiffResultView = { card: 'diff', files: [{ path: 'b.ts', status: 'added', lang: 'typescript', hunks: [{ oldStart: 0, oldLines: 0, newStart: 1, newLines: 80, lines: added }] }] };
    const windows = await highlighter.windowsFor(diff);
    const side = added.map((line) => line.slice(1));
    const full = windowKey('typescript', side);
    expect(linesOf(windows, full)).toHaveLength(80);
    const head = windows.find((window) => 'headOf' in window);
    expect(head).toMatchObject({ headOf: full });
  });

  it("colours an assistant message's fences as its code fence cards ask for them", async () => {
    const highlighter = createExportHighlighter();
    const windows = await highlighter.windowsForMessage('Try:\n\n```ts\nconst a = 1;\n```\n');
    expect(windows.map((window) => window.key)).toEqual([windowKey('typescript', ['const a = 1;'])]);
  });

  it('gives nothing for a view it cannot validate, a language without a grammar, or a card without code', async () => {
    const highlighter = createExportHighlighter();
    expect(await highlighter.windowsFor({ card: 'read', path: 1 })).toEqual([]);
    expect(await highlighter.windowsFor({ ...read, lang: 'cobol' })).toEqual([]);
    expect(await highlighter.windowsFor({ card: 'plan', items: [{ text: 'x', status: 'pending' }] })).toEqual([]);
  });
});
