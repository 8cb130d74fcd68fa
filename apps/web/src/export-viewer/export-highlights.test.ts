import { describe, expect, it } from 'vitest';
import type { HighlightedLine } from '../highlight/highlighted-line';
import { decodeWindow, StyleTable } from './export-highlights';
import { windowKey } from './highlight-key';
import { keepPrecomputedHighlights, precomputedLines } from './precomputed-highlights';

const lines: HighlightedLine[] = [
  [{ text: 'const', light: '#CF222E', dark: '#FF7B72' }, { text: ' a = ' }, { text: '1', light: '#0550AE', dark: '#79C0FF' }],
  [],
  [{ text: '// note', light: '#6A727C', dark: '#8F98A1', italic: true }],
];
const texts = ['const a = 1', '', '// note'];

describe('precomputed highlighting in an exported file', () => {
  it('gives back the tokens it encoded, one style entry per look', () => {
    const table = new StyleTable();
    const encoded = lines.map((line) => table.encodeLine(line));
    expect(table.styles).toHaveLength(3);
    expect(encoded[0]).toEqual([5, 0, 5, -1, 1, 1]);
    expect(decodeWindow(texts, encoded, table.styles)).toEqual(lines);
  });

  it('leaves a window plain when the tokens do not fit its lines', () => {
    const table = new StyleTable();
    const encoded = lines.map((line) => table.encodeLine(line));
    expect(decodeWindow(['const a = 12', '', '// note'], encoded, table.styles)).toBeUndefined();
    expect(decodeWindow([...texts, 'one more'], encoded, table.styles)).toBeUndefined();
  });

  it('answers a window by its lines, and a diff side head from its full side', () => {
    const table = new StyleTable();
    const full = windowKey('typescript', texts);
    const head = windowKey('typescript', texts.slice(0, 1));
    keepPrecomputedHighlights([{ key: full, lines: lines.map((line) => table.encodeLine(line)) }, { key: head, headOf: full, lines: 1 }], table.styles);
    expect(precomputedLines('typescript', texts)).toEqual(lines);
    expect(precomputedLines('typescript', texts.slice(0, 1))).toEqual(lines.slice(0, 1));
    expect(precomputedLines('python', texts)).toBeUndefined();
    expect(precomputedLines('typescript', ['const b = 1', '', '// note'])).toBeUndefined();
  });

  it('keys a window by its language and every line', () => {
    expect(windowKey('ts', ['a', 'b'])).not.toBe(windowKey('ts', ['ab']));
    expect(windowKey('ts', ['a', 'b'])).not.toBe(windowKey('js', ['a', 'b']));
    expect(windowKey('ts', ['a', 'b'])).toBe(windowKey('ts', ['a', 'b']));
  });
});
