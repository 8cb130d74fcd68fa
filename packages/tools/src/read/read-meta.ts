import { langFromPath, type JsonValue, type ReadMeta } from '@toolcards/protocol';
import type { ReadWindow } from './read-window';

/** The structured window persisted as the result's meta, so the read card survives replay. */
export function readPresentationMeta(path: string, window: ReadWindow): JsonValue {
  const lang = langFromPath(path);
  const meta: ReadMeta = {
    path,
    offset: window.offset,
    lines: window.lines.map(({ number, text }) => ({ number, text })),
    totalLines: window.totalLines,
    ...(lang === undefined ? {} : { lang }),
  };
  return meta as unknown as JsonValue;
}
