import { langFromPath, type JsonValue, type ReadFileLine, type ReadMeta } from '@toolcards/protocol';
import type { FileFingerprint } from './read-file';
import { readWindowHash } from './read-window-hash';
import { lineCutMarker, type ReadWindow } from './read-window';

/**
 * The structured window persisted as the result's meta, so the read card survives replay;
 * with the file's fingerprint, so a later look can tell whether the read went stale.
 */
export function readPresentationMeta(path: string, window: ReadWindow, file: FileFingerprint): JsonValue {
  const lang = langFromPath(path);
  const lines = metaLines(window);
  const meta: ReadMeta = {
    path,
    offset: window.offset,
    lines,
    totalLines: window.totalLines,
    ...(lang === undefined ? {} : { lang }),
    mtimeMs: file.mtimeMs,
    size: file.size,
    windowHash: readWindowHash(lines),
  };
  return meta as unknown as JsonValue;
}

/** A cut line keeps its text and the limit apart: the card draws the cut as a mark, not as code. */
export function metaLines(window: ReadWindow): ReadFileLine[] {
  return window.lines.map(({ number, text, cutAtChars }) =>
    cutAtChars === undefined ? { number, text } : { number, text: text.slice(0, text.length - lineCutMarker(cutAtChars).length), cutAtChars },
  );
}
