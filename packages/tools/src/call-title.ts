/** Longest piece of a user value shown in a one-line title. */
const TITLE_PIECE_CHARS = 80;

/** A user value (path, pattern, glob) made fit for a one-line title: no line breaks, clipped. */
export function titlePiece(value: string): string {
  const oneLine = value.replace(/[\r\n\t\u2028\u2029]+/g, ' ');
  if (oneLine.length <= TITLE_PIECE_CHARS) return oneLine;
  const cut = oneLine.charCodeAt(TITLE_PIECE_CHARS - 2);
  const end = cut >= 0xd800 && cut <= 0xdbff ? TITLE_PIECE_CHARS - 2 : TITLE_PIECE_CHARS - 1;
  return `${oneLine.slice(0, end)}…`;
}
