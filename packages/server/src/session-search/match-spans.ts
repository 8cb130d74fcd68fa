import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { runRipgrep } from '@toolcards/tools';

/** The start of every listed line is searched this far: most events end sooner, and most matches come early. */
const FIRST_PIECE = 32 * 1024;
/** A longer line with no match that early is searched on in pieces this long… */
const LATER_PIECE = 256 * 1024;
/** …overlapping by this much, so a match across two pieces is whole in one… */
const PIECE_OVERLAP = 1024;
/** …for this many bytes in all, over every listed line. */
const LATER_BUDGET = 16 * 1024 * 1024;
/** Bytes of the line kept before a match when asking where it ends: context for `^`, `\b` and the like. */
const WINDOW_BEFORE = 256;
/** Bytes kept from the match on: a longer match is cut there (the snippet shows less anyway). */
const WINDOW_AFTER = 1024;
/** Matches kept per line: the snippet needs the first one in the event's text. */
const SPANS_KEPT = 16;

/** A match's byte offsets in its logged line; `end` undefined when not known. */
export interface LineMatchSpan {
  start: number;
  end: number | undefined;
}

/** A run of bytes of one listed line, searched as one line of a temp file. */
interface Piece {
  line: number;
  from: number;
  to: number;
}

/**
 * Where the query matches in each listed line, as ripgrep says: the locate pass gives a
 * line's offset only (asking it for columns would make it find every match of every line).
 * Pieces of the lines go through ripgrep once more, from a temp file, with the same flags:
 * first each line's first FIRST_PIECE bytes, then later pieces of the lines that had no
 * match there (LATER_BUDGET bytes in all), for where the first match starts; then a window
 * around that start through `rg --json`, for where it ends and where the next ones are.
 * No query ever runs as a JavaScript regex, and every record stays small. Never fails: a
 * line whose match was not placed by `deadline` gets no spans (its hit is listed unmarked).
 */
export async function matchSpansIn(lines: readonly Buffer[], matchArgs: readonly string[], signal: AbortSignal, deadline: number): Promise<LineMatchSpan[][]> {
  const spans: LineMatchSpan[][] = lines.map(() => []);
  if (lines.length === 0) return spans;
  const dir = await mkdtemp(path.join(tmpdir(), 'toolcards-search-'));
  try {
    const search = { dir, lines, matchArgs, signal, deadline };
    const starts: (number | undefined)[] = lines.map(() => undefined);
    const first = lines.map((line, index): Piece => ({ line: index, from: 0, to: charEndAt(line, Math.min(line.length, FIRST_PIECE)) }));
    for (const [piece, start] of await firstMatchIn(search, first, 'first')) starts[piece.line] ??= start;

    const later: Piece[] = [];
    let budget = LATER_BUDGET;
    for (const [index, line] of lines.entries()) {
      for (let from = FIRST_PIECE - PIECE_OVERLAP; starts[index] === undefined && from + PIECE_OVERLAP < line.length && budget > 0; from += LATER_PIECE - PIECE_OVERLAP) {
        const start = charStartAt(line, from);
        const to = charEndAt(line, Math.min(line.length, start + Math.min(LATER_PIECE, budget)));
        later.push({ line: index, from: start, to });
        budget -= to - start;
      }
    }
    // Pieces are in line order, so a line's first piece with a match gives its first match.
    for (const [piece, start] of await firstMatchIn(search, later, 'later')) starts[piece.line] ??= start;

    const placed = starts.flatMap((start, index) => (start === undefined ? [] : [{ index, start }]));
    const windows = placed.map(({ index, start }): Piece => ({ line: index, from: charStartAt(lines[index]!, Math.max(0, start - WINDOW_BEFORE)), to: charEndAt(lines[index]!, Math.min(lines[index]!.length, start + WINDOW_AFTER)) }));
    const found = await submatchesIn(search, windows);
    placed.forEach(({ index, start }, at) => {
      const after = (found[at] ?? []).filter((span) => span.start >= start).slice(0, SPANS_KEPT);
      // No submatch where the first match starts: it needs more of the line than the window holds.
      spans[index] = after[0]?.start === start ? after : [{ start, end: undefined }, ...after.slice(0, SPANS_KEPT - 1)];
    });
    return spans;
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

interface PieceSearch {
  dir: string;
  lines: readonly Buffer[];
  matchArgs: readonly string[];
  signal: AbortSignal;
  deadline: number;
}

/** Each piece's first match, as a byte offset in its line: `--column` in pieces of bounded size. */
async function firstMatchIn(search: PieceSearch, pieces: readonly Piece[], name: string): Promise<[Piece, number][]> {
  if (pieces.length === 0 || search.signal.aborted || Date.now() >= search.deadline) return [];
  const file = await writePieces(search, pieces, name);
  const found: [Piece, number][] = [];
  await runRipgrep({
    args: ['--no-config', '--no-filename', '--no-heading', '--color=never', '--line-number', '--column', '--max-columns=1', ...search.matchArgs, '--', file],
    cwd: search.dir,
    signal: search.signal,
    timeoutMs: Math.max(1, search.deadline - Date.now()),
    separator: 10,
    onRecord(buffer, start, end) {
      const location = /^(\d+):(\d+):/.exec(buffer.toString('latin1', start, Math.min(end, start + 32)));
      const piece = location ? pieces[Number(location[1]) - 1] : undefined;
      if (piece) found.push([piece, piece.from + Number(location![2]) - 1]);
    },
  });
  // One file, searched in order: the records come in piece order.
  return found;
}

/** Every match in each window, as byte offsets in its line: `rg --json` submatches. */
async function submatchesIn(search: PieceSearch, windows: readonly Piece[]): Promise<LineMatchSpan[][]> {
  const found: LineMatchSpan[][] = windows.map(() => []);
  if (windows.length === 0 || search.signal.aborted || Date.now() >= search.deadline) return found;
  const file = await writePieces(search, windows, 'windows');
  await runRipgrep({
    args: ['--no-config', '--json', ...search.matchArgs, '--', file],
    cwd: search.dir,
    signal: search.signal,
    timeoutMs: Math.max(1, search.deadline - Date.now()),
    separator: 10,
    onRecord(buffer, start, end) {
      const record = submatchesOf(buffer.toString('utf8', start, end));
      const window = record ? windows[record.lineNumber - 1] : undefined;
      if (!record || !window) return;
      found[record.lineNumber - 1] = record.submatches.map((each) => ({ start: window.from + each.start, end: window.from + each.end }));
    },
  });
  return found;
}

/** The pieces as the lines of a temp file: a logged line is JSON, so it holds no raw newline. */
async function writePieces(search: PieceSearch, pieces: readonly Piece[], name: string): Promise<string> {
  const file = path.join(search.dir, name);
  const newline = Buffer.from('\n');
  await writeFile(file, Buffer.concat(pieces.flatMap((piece) => [search.lines[piece.line]!.subarray(piece.from, piece.to), newline])), { mode: 0o600 });
  return file;
}

/** A `rg --json` match record → its line number and submatch offsets; anything else → undefined. */
function submatchesOf(record: string): { lineNumber: number; submatches: { start: number; end: number }[] } | undefined {
  let parsed: unknown;
  try {
    parsed = JSON.parse(record);
  } catch {
    return undefined;
  }
  const match = parsed as { type?: unknown; data?: { line_number?: unknown; submatches?: unknown } };
  if (match.type !== 'match' || typeof match.data?.line_number !== 'number' || !Array.isArray(match.data.submatches)) return undefined;
  const submatches = (match.data.submatches as { start?: unknown; end?: unknown }[]).filter(
    (each): each is { start: number; end: number } => typeof each?.start === 'number' && typeof each.end === 'number',
  );
  return { lineNumber: match.data.line_number, submatches };
}

/** `at` moved forward to the first byte of a UTF-8 character. */
function charStartAt(line: Buffer, at: number): number {
  let offset = at;
  while (offset < line.length && (line[offset]! & 0xc0) === 0x80) offset += 1;
  return offset;
}

/** `at` moved back to the end of a whole UTF-8 character. */
function charEndAt(line: Buffer, at: number): number {
  let offset = at;
  while (offset > 0 && offset < line.length && (line[offset]! & 0xc0) === 0x80) offset -= 1;
  return offset;
}
