export interface CollapsedOutput {
  /** What the collapsed card shows. */
  text: string;
  totalLines: number;
  /** Lines not shown (a partly shown line counts as hidden). 0 when nothing is collapsed. */
  hiddenLines: number;
}

/**
 * The head of a long output: at most `maxLines` lines and `maxChars` characters (one
 * megabyte-long line must collapse too). Short output comes back whole.
 */
export function collapseOutput(text: string, maxLines = 30, maxChars = 6000): CollapsedOutput {
  const lines = text === '' ? [] : text.split('\n');
  // A trailing newline ends the last line; it does not start another.
  if (lines.length > 0 && lines[lines.length - 1] === '') lines.pop();
  const totalLines = lines.length;
  let head = lines.slice(0, maxLines).join('\n');
  let shownLines = Math.min(totalLines, maxLines);
  if (head.length > maxChars) {
    // Never cut an emoji in half: half a character would show as an escape of its own.
    const cut = isHighSurrogate(head.charCodeAt(maxChars - 1)) ? maxChars - 1 : maxChars;
    head = head.slice(0, cut);
    shownLines = head.split('\n').length - 1; // the last, cut line is not fully shown
  }
  const hiddenLines = totalLines - shownLines;
  return hiddenLines > 0 ? { text: head, totalLines, hiddenLines } : { text, totalLines, hiddenLines: 0 };
}

function isHighSurrogate(code: number): boolean {
  return code >= 0xd800 && code <= 0xdbff;
}
