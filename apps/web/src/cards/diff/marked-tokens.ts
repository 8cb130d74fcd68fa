import type { HighlightedLine, HighlightedToken } from '../../highlight/highlighted-line';
import type { TextRange } from './word-changes';

/** A run of a diff line as drawn: its colour (when highlighted) and whether it is a changed word. */
export interface MarkedRun {
  text: string;
  token?: HighlightedToken;
  marked: boolean;
}

/**
 * A line's colour runs cut where its word marks begin and end, so a changed word keeps its
 * syntax colour and gets the change background. Without tokens (not highlighted yet, plain
 * text) the runs carry no colour; tokens that do not cover the line exactly are ignored
 * rather than drawn misplaced. Only the first `length` units are drawn. Pure.
 */
export function markedRuns(text: string, tokens: HighlightedLine | undefined, marks: readonly TextRange[], length = text.length): MarkedRun[] {
  const pieces: { text: string; token?: HighlightedToken }[] = [];
  const aligned = tokens !== undefined && tokens.reduce((sum, token) => sum + token.text.length, 0) === text.length;
  if (aligned) {
    let offset = 0;
    for (const token of tokens) {
      if (offset >= length) break;
      const end = Math.min(offset + token.text.length, length);
      pieces.push({ text: token.text.slice(0, end - offset), token });
      offset += token.text.length;
    }
  } else {
    pieces.push({ text: text.slice(0, length) });
  }
  if (marks.length === 0) return pieces.map((piece) => ({ ...piece, marked: false }));
  const runs: MarkedRun[] = [];
  let offset = 0;
  for (const piece of pieces) {
    const start = offset;
    const end = offset + piece.text.length;
    offset = end;
    // The piece's boundaries inside it where a mark starts or ends.
    const cuts = [start];
    for (const [from, to] of marks) {
      if (from > start && from < end) cuts.push(from);
      if (to > start && to < end) cuts.push(to);
    }
    cuts.sort((a, b) => a - b);
    cuts.push(end);
    for (let at = 0; at + 1 < cuts.length; at += 1) {
      const from = cuts[at]!;
      const to = cuts[at + 1]!;
      if (to <= from) continue;
      const marked = marks.some(([markFrom, markTo]) => from >= markFrom && to <= markTo);
      runs.push({ text: piece.text.slice(from - start, to - start), ...(piece.token ? { token: piece.token } : {}), marked });
    }
  }
  return runs;
}
