import { langFromPath, type JsonValue, type ReadMeta } from '@toolcards/protocol';
import { lineCutMarker, type ReadWindow } from './read-window';

/** The structured window persisted as the result's meta, so the read card survives replay. */
export function readPresentationMeta(path: string, window: ReadWindow): JsonValue {
  const lang = langFromPath(path);
  const meta: ReadMeta = {
    path,
    offset: window.offset,
    // A cut line keeps its text and the limit apart: the card draws the cut as a mark, not as code.
    lines: window.lines.map(({ number, text, cutAtChars }) =>
      cutAtChars === undefined ? { number, text } : { number, text: text.slice(0, text.length - lineCutMarker(cutAtChars).length), cutAtChars },
    ),
    totalLines: window.totalLines,
    ...(lang === undefined ? {} : { lang }),
  };
  return meta as unknown as JsonValue;
}
