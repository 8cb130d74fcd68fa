import { useCallback } from 'react';
import { MAX_FILE_LINES_REQUEST, type DiffFile, type ReadFileLine } from '@toolcards/protocol';
import type { FileSource } from '../../net/file-source';
import { useWatchedFileAnswer } from '../frame/use-watched-file-answer';
import { diffFreshness, newSideSpans, type DiffFreshness, type FileNow } from './diff-freshness';

/**
 * Whether the file behind a diff still has the edit's new text, asked when the card is shown
 * and again when the server says the file changed. Undefined until known, and when it cannot
 * be known (no source, another workspace's session, a failed request): no badge then.
 */
export interface DiffFileNow {
  freshness: DiffFreshness;
  /** The file's length now (when it is there): the lines after the last hunk can be expanded. */
  totalLines?: number;
}

export function useDiffFreshness(source: FileSource | undefined, file: DiffFile): DiffFileNow | undefined {
  const ask = useCallback(
    (from: FileSource) =>
      fileNow(from, file).then((now): DiffFileNow | undefined => now && { freshness: diffFreshness(file, now), ...(now.kind === 'present' ? { totalLines: now.totalLines } : {}) }),
    [file],
  );
  return useWatchedFileAnswer(source, file.path, ask);
}

/**
 * The file's lines over the spans the edit wrote, page by page. `undefined`: it could not be
 * told (the request failed for another reason than a missing file).
 */
async function fileNow(source: FileSource, file: DiffFile): Promise<FileNow | undefined> {
  const spans = file.status === 'deleted' ? [{ from: 1, texts: [''] }] : newSideSpans(file);
  const lines = new Map<number, ReadFileLine>();
  let totalLines = 0;
  try {
    // An added file with no lines still has to be there: ask for its first line.
    for (const span of spans.length === 0 ? [{ from: 1, texts: [''] }] : spans) {
      let next = span.from;
      const last = span.from + span.texts.length - 1;
      while (next <= last) {
        const answer = await source.lines(file.path, next, Math.min(MAX_FILE_LINES_REQUEST, last - next + 1));
        totalLines = answer.totalLines;
        const page = answer.lines.filter((line) => line.number >= next && line.number <= last);
        for (const line of page) lines.set(line.number, line);
        if (page.length === 0) break;
        next = page.at(-1)!.number + 1;
      }
    }
  } catch (failure) {
    if (isMissingFile(failure)) return { kind: 'gone' };
    // Past the end: the file is shorter now than what the edit left — what was fetched tells.
    if (isPastEnd(failure) || lines.size > 0) return { kind: 'present', lines, totalLines };
    return undefined;
  }
  return { kind: 'present', lines, totalLines };
}

/**
 * The lines route answers a failed read as READ_FAILED with the read tool's message; the
 * tool's own code is not passed on, so its wording is what tells a missing file.
 */
function isMissingFile(failure: unknown): boolean {
  return failure instanceof Error && /^File not found\b/.test(failure.message);
}

function isPastEnd(failure: unknown): boolean {
  return failure instanceof Error && /past the end|beyond the end|only has \d+ lines?/i.test(failure.message);
}
