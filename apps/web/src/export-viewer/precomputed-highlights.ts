import type { HighlightedLine } from '../highlight/highlighted-line';
import type { EncodedLine, EncodedWindow, ExportStyle } from '@toolcards/protocol';
import { decodeWindow } from './export-highlights';
import { windowKey } from './highlight-key';

/**
 * The exported file's highlighting, by window key: what the viewer's highlight source
 * answers from (precomputed-highlight-client.ts). Filled once, when the file's data is read.
 */
const windows = new Map<string, EncodedLine[] | { headOf: string; lines: number }>();
let styles: readonly ExportStyle[] = [];

/** Adds windows (a block's); the style table is the file's, the same for every block. */
export function keepPrecomputedHighlights(encoded: readonly EncodedWindow[], table: readonly ExportStyle[]): void {
  for (const window of encoded) windows.set(window.key, 'headOf' in window ? { headOf: window.headOf, lines: window.lines } : window.lines);
  styles = table;
}

/** The tokens the export computed for these lines, or undefined (the window stays plain). */
export function precomputedLines(lang: string, texts: readonly string[]): HighlightedLine[] | undefined {
  const found = windows.get(windowKey(lang, texts));
  if (found === undefined) return undefined;
  if (Array.isArray(found)) return decodeWindow(texts, found, styles);
  const full = windows.get(found.headOf);
  return Array.isArray(full) ? decodeWindow(texts, full.slice(0, found.lines), styles) : undefined;
}
