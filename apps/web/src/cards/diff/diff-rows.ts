import { diffLineKind, type DiffFile, type DiffHunk } from '@toolcards/protocol';

/**
 * One line of a hunk with its line numbers on each side it is on. `oldIndex` / `newIndex`
 * place it in its file's old-side and new-side texts (DiffSides): each side is highlighted
 * as one sequence, so a removed line is coloured with the grammar state of the old file.
 */
export type DiffLineRow = (
  | { kind: 'context'; old: number; new: number; text: string; oldIndex: number; newIndex: number }
  | { kind: 'removed'; old: number; text: string; oldIndex: number }
  | { kind: 'added'; new: number; text: string; newIndex: number }
) & {
  /** Where the line is in the view: its hunk, and its index in the hunk's lines (what find in session names). */
  hunk: number;
  line: number;
  noNewline?: true;
};

export interface HunkRows {
  hunk: DiffHunk;
  rows: DiffLineRow[];
  /** "@@ -12,7 +12,9 @@", as `diff -u` writes it. */
  header: string;
  /** Where the hunk's change is in the file now: its first added line, else where its lines were. */
  newLine: number;
}

/** A file's hunks as rows, and the text of each side in order (what the highlighter is given). */
export interface DiffSides {
  hunks: HunkRows[];
  oldTexts: string[];
  newTexts: string[];
}

/**
 * The first line a side of a hunk covers: a side with no lines "starts" at the line before
 * it (diff's convention), so its rows — none — would be numbered from the next one.
 */
export function firstLineOf(start: number, lines: number): number {
  return lines === 0 ? start + 1 : start;
}

/**
 * A file's hunks → numbered rows. The view was validated (counts agree with the lines,
 * every line prefixed), so this only numbers; a `\ No newline at end of file` marker
 * becomes a flag on the line before it. Pure.
 */
export function diffSides(file: Pick<DiffFile, 'hunks'>): DiffSides {
  const oldTexts: string[] = [];
  const newTexts: string[] = [];
  const hunks = file.hunks.map((hunk, hunkIndex): HunkRows => {
    let oldNumber = firstLineOf(hunk.oldStart, hunk.oldLines);
    let newNumber = firstLineOf(hunk.newStart, hunk.newLines);
    let firstAdded: number | undefined;
    const rows: DiffLineRow[] = [];
    for (const [lineIndex, line] of hunk.lines.entries()) {
      const text = line.slice(1);
      const kind = diffLineKind(line);
      switch (kind) {
        case 'context':
          rows.push({ kind, old: oldNumber++, new: newNumber++, text, oldIndex: oldTexts.push(text) - 1, newIndex: newTexts.push(text) - 1, hunk: hunkIndex, line: lineIndex });
          break;
        case 'removed':
          rows.push({ kind, old: oldNumber++, text, oldIndex: oldTexts.push(text) - 1, hunk: hunkIndex, line: lineIndex });
          break;
        case 'added':
          firstAdded ??= newNumber;
          rows.push({ kind, new: newNumber++, text, newIndex: newTexts.push(text) - 1, hunk: hunkIndex, line: lineIndex });
          break;
        case 'no-newline-marker': {
          const last = rows.at(-1);
          if (last) rows[rows.length - 1] = { ...last, noNewline: true };
          break;
        }
        case undefined:
          // Refused by the schema; a row that cannot be numbered is not drawn.
          break;
      }
    }
    const newFirst = firstLineOf(hunk.newStart, hunk.newLines);
    return {
      hunk,
      rows,
      header: `@@ -${hunk.oldStart},${hunk.oldLines} +${hunk.newStart},${hunk.newLines} @@`,
      newLine: firstAdded ?? Math.max(1, newFirst),
    };
  });
  return { hunks, oldTexts, newTexts };
}

/** "+N −M" of a file or of a whole edit: lines added and removed. */
export interface ChangeCounts {
  added: number;
  removed: number;
}

export function changeCounts(files: readonly Pick<DiffFile, 'hunks'>[]): ChangeCounts {
  let added = 0;
  let removed = 0;
  for (const file of files) {
    for (const hunk of file.hunks) {
      for (const line of hunk.lines) {
        const kind = diffLineKind(line);
        if (kind === 'added') added += 1;
        else if (kind === 'removed') removed += 1;
      }
    }
  }
  return { added, removed };
}
