import { langFromPath, type ReadFileLine, type ReadMeta } from '@toolcards/protocol';
import { asFields, numberField, positiveIntField, stringField, type Fields } from '../json-fields';
import { withoutSystemReminders } from './claude-prompt-text';

/**
 * A Claude Code Read result as OUR read meta, so the read card draws it: from
 * `toolUseResult.file` {filePath, content, numLines, startLine, totalLines} when the line has it
 * (2.x, late 1.0.x), else from the result text in either `cat -n` form (`     1→text` in 1.0.x,
 * `1\ttext` in 2.x) with `<system-reminder>` blocks left out. Images, PDFs and notebooks are no
 * read card (undefined).
 */

export interface ReadWindowFacts {
  lines: ReadFileLine[];
  offset: number;
  totalLines: number;
}

export function readMetaOf(path: string, toolUseResult: unknown, resultText: string, askedOffset: number | undefined): ReadMeta | undefined {
  const result = asFields(toolUseResult);
  const kind = stringField(result, 'type');
  if (kind !== undefined && kind !== 'text') return undefined;
  const window = windowFromFile(asFields(result?.file)) ?? windowFromText(resultText, askedOffset);
  if (window === undefined) return undefined;
  const lang = langFromPath(path);
  return { path, offset: window.offset, lines: window.lines, totalLines: window.totalLines, ...(lang === undefined ? {} : { lang }) };
}

function windowFromFile(file: Fields | undefined): ReadWindowFacts | undefined {
  const content = stringField(file, 'content');
  const startLine = positiveIntField(file, 'startLine') ?? 1;
  const totalLines = numberField(file, 'totalLines');
  if (content === undefined || totalLines === undefined || !Number.isInteger(totalLines) || totalLines < 0) return undefined;
  const texts = content === '' ? [] : content.split('\n');
  const lines = texts.map((text, index) => ({ number: startLine + index, text }));
  return endingCounted(lines, startLine, totalLines, true);
}

/**
 * Claude Code counts the empty "line" after a file's last newline (a 6-line file ending in a
 * newline is 7 lines there); our read tool does not. A window that reaches that line shows
 * whether it is there; a window that stops before it does not, and then the common case (a
 * text file ends with a newline) is taken: one line less.
 */
function endingCounted(lines: ReadFileLine[], offset: number, totalLines: number, totalKnown: boolean): ReadWindowFacts | undefined {
  let total = totalLines;
  const last = lines.at(-1);
  if (last !== undefined && last.number === total) {
    if (last.text === '' && total > 1) {
      lines = lines.slice(0, -1);
      total -= 1;
    }
  } else if (totalKnown && total > 1) {
    total = Math.max(total - 1, last?.number ?? 0);
  }
  if (lines.some((line) => line.number > total)) return undefined;
  return { lines, offset, totalLines: total };
}

const ARROW_LINE = /^ *(\d+)\u2192(.*)$/;
const TAB_LINE = /^ *(\d+)\t(.*)$/;

/** The numbered lines of a `cat -n` result text; undefined when any line is not one (not a file window). */
export function windowFromText(resultText: string, askedOffset: number | undefined): ReadWindowFacts | undefined {
  const text = withoutSystemReminders(resultText);
  if (text === '') return undefined;
  const rows = text.split('\n');
  const pattern = ARROW_LINE.test(rows[0]!) ? ARROW_LINE : TAB_LINE;
  const lines: ReadFileLine[] = [];
  for (const row of rows) {
    const match = pattern.exec(row);
    if (match === null) return undefined;
    const number = Number(match[1]);
    const previous = lines.at(-1)?.number;
    if (number < 1 || (previous !== undefined && number !== previous + 1)) return undefined;
    lines.push({ number, text: match[2]! });
  }
  const first = lines[0]!.number;
  const offset = askedOffset !== undefined && askedOffset <= first ? askedOffset : first;
  // The text does not say how long the file is: the last line read is what is known.
  return endingCounted(lines, offset, lines.at(-1)!.number, false);
}
