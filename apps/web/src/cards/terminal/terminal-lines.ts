import { createAnsiSequenceParser, type Color, type ParseToken } from 'ansi-sequence-parser';

/**
 * Terminal output as a terminal would have left it on screen: text → styled lines.
 *
 * - SGR sequences (`ESC [ … m`) become styles: the 16 named colours, the 256-colour table and
 *   truecolor, bold, dim, italic, underline, inverse, strikethrough, hidden. ansi-sequence-parser
 *   (Shiki's own) reads them; styles carry over from one line to the next, as in a terminal.
 * - Every other escape sequence (cursor moves, erase, OSC titles and links, DCS, …) is dropped
 *   before the parser sees the text: it looks for the next `m` after any `ESC [`, so a cursor
 *   move left in would swallow the text up to the next letter m.
 * - A carriage return moves back to the line's start and what follows overwrites it, so a
 *   progress line shows its last state; erase-in-line (`ESC [ K`) clears from there on.
 * - The result holds no escape byte; other control characters stay for the card to show as
 *   marked characters (VisibleText), except BEL, which only rings.
 */

/** One styled run of a line. Colours are CSS values (theme variables for the 16 named ones). */
export interface TerminalSpan {
  text: string;
  fg?: string;
  bg?: string;
  bold?: true;
  dim?: true;
  italic?: true;
  underline?: true;
  strike?: true;
  hidden?: true;
}

export interface TerminalLine {
  /** The line's characters, without escapes: what Copy output and find see. */
  text: string;
  spans: TerminalSpan[];
}

/**
 * Every escape sequence: CSI (`ESC [`, also one cut off by the end of a truncated output), OSC
 * (`ESC ]` … BEL or ST), DCS/SOS/PM/APC (… ST), and two-byte escapes.
 */
const ESCAPE_SEQUENCE =
  /\u001b\[[0-?]*[ -/]*(?:[@-~]|$)|\u001b\][^\u0007\u001b]*(?:\u0007|\u001b\\)?|\u001b[PX^_][^\u001b]*(?:\u001b\\)?|\u001b[ -/]*[0-~]|\u001b|\u009b[0-?]*[ -/]*[@-~]|\u0007/g;

/** The same, and a carriage return: what the line-drawing loop stops at. */
const LINE_CONTROLS = new RegExp(`${ESCAPE_SEQUENCE.source}|\\r`, 'g');

const SGR = /^\u001b\[[0-9;:]*m$/;
/** Erase in line: to the end (`K`, `0K`) or the whole line (`2K`). `1K` (to the start) is rare and left as it was. */
const ERASE_IN_LINE = /^\u001b\[([02]?)K$/;

/** An output's lines, each drawn when first asked for (a 10,000-line output shows 20 at first). */
export interface TerminalOutput {
  readonly lineCount: number;
  /** Line `index` (0-based) as the terminal shows it. */
  line(index: number): TerminalLine;
  /** Whether `line(index)` is ready, or would replay the styles of every line before its block first. */
  isDrawn(index: number): boolean;
  /** Line `index`'s text with no styles (cheap anywhere): what a row shows until its colours come. */
  plainLine(index: number): TerminalLine;
}

/** Lines drawn together: a block starts from the styles the SGR sequences before it left. */
const BLOCK_LINES = 256;
const SGR_ANYWHERE = /\u001b\[[0-9;:]*m/g;

/**
 * `output` split into its lines (`\n`, `\r\n`), each drawn on demand, in blocks. Styles carry from
 * line to line; a block's starting styles come from replaying only the SGR sequences before it
 * through the parser (no text, so no tokens to build), so the last lines cost no more than the first.
 */
export function terminalOutput(output: string): TerminalOutput {
  const raw = output === '' ? [] : output.split('\n');
  // A trailing newline ends the last line; it does not start another.
  if (raw[raw.length - 1] === '') raw.pop();
  const blocks = new Map<number, TerminalLine[]>();
  const block = (number: number): TerminalLine[] => {
    let lines = blocks.get(number);
    if (lines === undefined) {
      const parser = createAnsiSequenceParser();
      const start = number * BLOCK_LINES;
      if (start > 0) parser.parse(raw.slice(0, start).join('\n').match(SGR_ANYWHERE)?.join('').replaceAll(':', ';') ?? '');
      lines = raw.slice(start, start + BLOCK_LINES).map((line) => drawLine(line, parser));
      blocks.set(number, lines);
    }
    return lines;
  };
  const blockOf = (index: number) => Math.floor(index / BLOCK_LINES);
  return {
    lineCount: raw.length,
    line: (index) => block(blockOf(index))[index % BLOCK_LINES]!,
    isDrawn: (index) => blockOf(index) === 0 || blocks.has(blockOf(index)),
    plainLine(index) {
      const { text } = drawLine(raw[index]!, createAnsiSequenceParser());
      return { text, spans: text === '' ? [] : [{ text }] };
    },
  };
}

/** Every line of `output`, as the terminal shows it. Pure. */
export function terminalLines(output: string): TerminalLine[] {
  const drawn = terminalOutput(output);
  return Array.from({ length: drawn.lineCount }, (_, index) => drawn.line(index));
}

/** The text of `output` as the terminal shows it, lines joined by `\n`: what Copy output copies. */
export function terminalText(output: string): string {
  return terminalLines(output)
    .map((line) => line.text)
    .join('\n');
}

type Parser = ReturnType<typeof createAnsiSequenceParser>;

function drawLine(line: string, parser: Parser): TerminalLine {
  if (line.endsWith('\r')) line = line.slice(0, -1);
  // Most lines: no escape and no carriage return (styles carried from before still apply).
  if (!/[\u001b\u009b\u0007\r]/.test(line)) return lineOf(parser.parse(line).map(spanOf));
  // Escapes but no carriage return and no erase of the whole line: the text is written in order,
  // so dropping the other sequences and parsing once is the same as drawing it (and much cheaper).
  if (!/\r|\u001b\[2K/.test(line)) return lineOf(parser.parse(line.replace(ESCAPE_SEQUENCE, keptSgr)).map(spanOf));
  const screen = new LineScreen();
  let pending = '';
  const flush = () => {
    if (pending === '') return;
    for (const token of parser.parse(pending)) screen.write(spanOf(token));
    pending = '';
  };
  let last = 0;
  for (const match of line.matchAll(LINE_CONTROLS)) {
    pending += line.slice(last, match.index);
    last = match.index + match[0].length;
    const sequence = match[0];
    if (SGR.test(sequence)) {
      // Kept for the parser, which applies it to the text that follows.
      pending += sequence.replaceAll(':', ';');
      continue;
    }
    if (sequence === '\r') {
      flush();
      screen.home();
    } else if (ERASE_IN_LINE.test(sequence)) {
      flush();
      screen.erase(ERASE_IN_LINE.exec(sequence)![1] === '2');
    }
    // Any other sequence: dropped.
  }
  pending += line.slice(last);
  flush();
  return lineOf(screen.spans);
}

/** An SGR sequence stays for the parser (`:` separators read as `;`); any other sequence goes. */
function keptSgr(sequence: string): string {
  return SGR.test(sequence) ? sequence.replaceAll(':', ';') : '';
}

function lineOf(spans: TerminalSpan[]): TerminalLine {
  const kept = spans.filter((span) => span.text !== '');
  return { text: kept.map((span) => span.text).join(''), spans: kept };
}

/** One line's cells as styled runs, with a cursor that a carriage return sends home. */
class LineScreen {
  spans: TerminalSpan[] = [];
  private cursor = 0;
  private length = 0;

  home(): void {
    this.cursor = 0;
  }

  erase(wholeLine: boolean): void {
    if (wholeLine) {
      this.spans = [];
      this.length = 0;
      return;
    }
    this.spans = this.before(this.cursor);
    this.length = this.cursor;
  }

  write(span: TerminalSpan): void {
    const end = this.cursor + span.text.length;
    if (this.cursor >= this.length) {
      this.spans.push(span);
    } else {
      this.spans = [...this.before(this.cursor), span, ...this.after(end)];
    }
    this.cursor = end;
    this.length = Math.max(this.length, end);
  }

  /** The runs covering `[0, at)`. */
  private before(at: number): TerminalSpan[] {
    const kept: TerminalSpan[] = [];
    let offset = 0;
    for (const span of this.spans) {
      if (offset >= at) break;
      const end = offset + span.text.length;
      kept.push(end <= at ? span : { ...span, text: span.text.slice(0, at - offset) });
      offset = end;
    }
    return kept;
  }

  /** The runs covering `[from, length)`. */
  private after(from: number): TerminalSpan[] {
    const kept: TerminalSpan[] = [];
    let offset = 0;
    for (const span of this.spans) {
      const end = offset + span.text.length;
      if (end > from) kept.push(offset >= from ? span : { ...span, text: span.text.slice(from - offset) });
      offset = end;
    }
    return kept;
  }
}

function spanOf(token: ParseToken): TerminalSpan {
  const { decorations } = token;
  let fg = token.foreground === null ? undefined : cssColor(token.foreground);
  let bg = token.background === null ? undefined : cssColor(token.background);
  if (decorations.has('reverse')) [fg, bg] = [bg ?? 'var(--tc-term-bg)', fg ?? 'var(--tc-term-fg)'];
  const span: TerminalSpan = { text: token.value };
  if (fg !== undefined) span.fg = fg;
  if (bg !== undefined) span.bg = bg;
  if (decorations.has('bold')) span.bold = true;
  if (decorations.has('dim')) span.dim = true;
  if (decorations.has('italic')) span.italic = true;
  if (decorations.has('underline')) span.underline = true;
  if (decorations.has('strikethrough')) span.strike = true;
  if (decorations.has('hidden')) span.hidden = true;
  return span;
}

const NAMED = ['black', 'red', 'green', 'yellow', 'blue', 'magenta', 'cyan', 'white'] as const;
/** The 6×6×6 cube's channel levels (xterm's). */
const CUBE_LEVELS = [0, 95, 135, 175, 215, 255];

/** A colour as CSS: the 16 named ones (and table 0–15) follow the theme; the rest are fixed. */
export function cssColor(color: Color): string | undefined {
  switch (color.type) {
    case 'named':
      return `var(--tc-ansi-${kebab(color.name)})`;
    case 'table': {
      const index = color.index;
      if (!Number.isInteger(index) || index < 0 || index > 255) return undefined;
      if (index < 16) return `var(--tc-ansi-${index < 8 ? NAMED[index] : `bright-${NAMED[index - 8]}`})`;
      if (index >= 232) return hex(8 + (index - 232) * 10, 8 + (index - 232) * 10, 8 + (index - 232) * 10);
      const cube = index - 16;
      return hex(CUBE_LEVELS[Math.floor(cube / 36)]!, CUBE_LEVELS[Math.floor(cube / 6) % 6]!, CUBE_LEVELS[cube % 6]!);
    }
    case 'rgb': {
      const [r, g, b] = color.rgb.map((channel) => Math.max(0, Math.min(255, channel))) as [number, number, number];
      return hex(r, g, b);
    }
  }
}

function kebab(name: string): string {
  return name.replace(/[A-Z]/g, (letter) => `-${letter.toLowerCase()}`);
}

function hex(r: number, g: number, b: number): string {
  return `#${[r, g, b].map((channel) => channel.toString(16).padStart(2, '0')).join('')}`;
}
