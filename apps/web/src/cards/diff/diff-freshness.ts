import { diffLineKind, type DiffFile, type ReadFileLine } from '@toolcards/protocol';
import { firstLineOf } from './diff-rows';

/**
 * Whether the file still has what the edit left in it:
 * - `applied`: every hunk's new lines are there, where the diff put them (a deleted file is gone);
 * - `changed-since`: the file changed after the edit (some of those lines differ, or a deleted file is back);
 * - `file-gone`: the file is not there any more.
 */
export const DIFF_FRESHNESS_STATES = ['applied', 'changed-since', 'file-gone'] as const;
export type DiffFreshness = (typeof DIFF_FRESHNESS_STATES)[number];

/** The lines a hunk left in the file: its context and added lines, numbered in the new file. */
export interface NewSideSpan {
  from: number;
  texts: string[];
}

export function newSideSpans(file: Pick<DiffFile, 'hunks'>): NewSideSpan[] {
  return file.hunks
    .map((hunk) => ({
      from: firstLineOf(hunk.newStart, hunk.newLines),
      texts: hunk.lines.filter((line) => { const kind = diffLineKind(line); return kind === 'context' || kind === 'added'; }).map((line) => line.slice(1)),
    }))
    .filter((span) => span.texts.length > 0);
}

/** The file as it is now: gone, or its lines over the spans asked for and its length. */
export type FileNow = { kind: 'gone' } | { kind: 'present'; lines: ReadonlyMap<number, ReadFileLine>; totalLines: number };

/**
 * How the file now compares with the edit's new side. A line the view cut short (a very
 * long line) is compared on what it kept. Pure.
 */
export function diffFreshness(file: Pick<DiffFile, 'status' | 'hunks'>, now: FileNow): DiffFreshness {
  if (file.status === 'deleted') return now.kind === 'gone' ? 'applied' : 'changed-since';
  if (now.kind === 'gone') return 'file-gone';
  const spans = newSideSpans(file);
  for (const span of spans) {
    for (const [at, text] of span.texts.entries()) {
      const line = now.lines.get(span.from + at);
      if (!line || !sameLine(line, text)) return 'changed-since';
    }
  }
  // A file the edit wrote whole has exactly its lines: more (or fewer) is a change since.
  if (file.status === 'added') {
    const written = spans.reduce((sum, span) => sum + span.texts.length, 0);
    if (now.totalLines !== written) return 'changed-since';
  }
  return 'applied';
}

function sameLine(line: ReadFileLine, text: string): boolean {
  return line.cutAtChars === undefined ? line.text === text : text.startsWith(line.text);
}
