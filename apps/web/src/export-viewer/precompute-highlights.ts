import { resultViewFromWire, type DiffFile, type EncodedWindow, type ExportHighlighter, type ExportStyle, type ToolResultView } from '@toolcards/protocol';
import { assertNever } from '@toolcards/protocol';
import { diffSides } from '../cards/diff/diff-rows';
import { sideHead } from '../cards/diff/side-heads';
import { lineHighlightingFor } from '../highlight/highlighter';
import { windowJob } from '../highlight/highlight-window';
import type { HighlightedLine } from '../highlight/highlighted-line';
import { StyleTable } from './export-highlights';
import { windowKey } from './highlight-key';
import { messageFences } from './message-fences';

interface WantedWindow {
  lang: string;
  texts: readonly string[];
  /** A diff side's head: kept as the first lines of its side. */
  headOf?: readonly string[];
}

/**
 * The export's highlighting, run in Node by the server as it writes an HTML file: the app's
 * own highlighter (highlight/: Shiki, the same grammars, themes and line tokenizer), asked for
 * the very windows the cards ask for (a read's lines, a terminal's command, each diff side and
 * its head), so the file's cards get the colours the app draws. Built by
 * vite.export-viewer.config.ts into dist/export-viewer/node/ with its grammars (its contract:
 * protocol's ExportHighlighter).
 */
export function createExportHighlighter(): ExportHighlighter {
  const table = new StyleTable();
  const given = new Set<string>();
  const encodeAll = async (wantedWindows: readonly WantedWindow[]): Promise<EncodedWindow[]> => {
    const encoded: EncodedWindow[] = [];
    for (const wanted of wantedWindows) {
      const key = windowKey(wanted.lang, wanted.texts);
      if (given.has(key) || wanted.texts.length === 0) continue;
      if (wanted.headOf) {
        const full = windowKey(wanted.lang, wanted.headOf);
        if (!given.has(full)) continue;
        given.add(key);
        encoded.push({ key, headOf: full, lines: wanted.texts.length });
        continue;
      }
      const lines = await highlightAll(wanted.lang, wanted.texts);
      if (!lines) continue;
      given.add(key);
      encoded.push({ key, lines: lines.map((line) => table.encodeLine(line)) });
    }
    return encoded;
  };
  return {
    async windowsFor(wire) {
      const view = resultViewFromWire(wire);
      return view ? encodeAll(windowsOfView(view)) : [];
    },
    windowsForMessage: (text) => encodeAll(messageFences(text)),
    styles: () => table.styles,
  };
}

/** The windows a result's card highlights (the same texts its hooks pass to useHighlightedLines). */
export function windowsOfView(view: ToolResultView): WantedWindow[] {
  switch (view.card) {
    case 'read':
      return view.lang === undefined ? [] : [{ lang: view.lang, texts: view.lines.map((line) => line.text) }];
    case 'terminal':
      return [{ lang: 'shellscript', texts: view.command.split('\n') }];
    case 'diff':
      return view.files.flatMap(diffFileWindows);
    case 'generic':
    case 'search':
    case 'plan':
      return [];
    default:
      return assertNever(view, 'result view');
  }
}

function diffFileWindows(file: DiffFile): WantedWindow[] {
  if (file.lang === undefined) return [];
  const lang = file.lang;
  const sides = diffSides(file);
  return [sides.oldTexts, sides.newTexts].flatMap((texts): WantedWindow[] => [
    { lang, texts },
    { lang, texts: sideHead(texts), headOf: texts },
  ]);
}

/**
 * Every line of a window at once (no chunks: nothing waits on this thread but the export),
 * with no time budget per line: the page's budget leaves the first lines of a cold grammar
 * plain (compiling it is paid there), which a file written once must not keep.
 */
async function highlightAll(lang: string, texts: readonly string[]): Promise<HighlightedLine[] | undefined> {
  const highlighting = await lineHighlightingFor(lang);
  if (!highlighting) return undefined;
  const lines: HighlightedLine[] = [];
  const job = windowJob(highlighting, texts, (start, chunk) => chunk.forEach((line, index) => (lines[start + index] = line)), { timeBudgetMs: 0 });
  while (job.step(Number.POSITIVE_INFINITY));
  return lines;
}
