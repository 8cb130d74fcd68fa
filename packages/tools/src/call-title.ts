/** Longest piece of a user value shown in a one-line title. */
const TITLE_PIECE_CHARS = 80;
/** Of a clipped piece, how much of its start is kept; the rest of the budget keeps its end. */
const HEAD_CHARS = 24;

/**
 * A user value (path, pattern, glob) made fit for a one-line title: no line breaks, and a
 * long one cut in the middle, so a path keeps its file name (`src/very/…/deep/name.ts`).
 */
export function titlePiece(value: string): string {
  const oneLine = value.replace(/[\r\n\t\u2028\u2029]+/g, ' ');
  if (oneLine.length <= TITLE_PIECE_CHARS) return oneLine;
  const head = withoutHalfPair(oneLine.slice(0, HEAD_CHARS), 'end');
  const tail = withoutHalfPair(oneLine.slice(oneLine.length - (TITLE_PIECE_CHARS - HEAD_CHARS - 1)), 'start');
  return `${head}…${tail}`;
}

/** A cut never leaves half a surrogate pair at the side it cut. */
function withoutHalfPair(text: string, side: 'start' | 'end'): string {
  const at = side === 'end' ? text.length - 1 : 0;
  const code = text.charCodeAt(at);
  const half = side === 'end' ? code >= 0xd800 && code <= 0xdbff : code >= 0xdc00 && code <= 0xdfff;
  if (!half) return text;
  return side === 'end' ? text.slice(0, -1) : text.slice(1);
}
