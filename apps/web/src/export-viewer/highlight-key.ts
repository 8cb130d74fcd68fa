/**
 * The name a window of highlighted lines is kept under in an exported file: its language and
 * a hash of its lines. The export's Node side (precompute-highlights.ts) and the viewer's
 * highlight source compute it with this one function, so a card asking for a window finds
 * the tokens the export computed for the same lines. 2 × 32-bit FNV-1a plus the line count:
 * a collision would colour one window with another's tokens (their lengths are checked).
 */
export function windowKey(lang: string, texts: readonly string[]): string {
  let a = 0x811c9dc5;
  let b = 0x01000193 ^ texts.length;
  for (const text of texts) {
    for (let index = 0; index < text.length; index += 1) {
      const code = text.charCodeAt(index);
      a = Math.imul(a ^ code, 0x01000193);
      b = Math.imul(b ^ code, 0x5bd1e995);
    }
    a = Math.imul(a ^ 10, 0x01000193);
    b = Math.imul(b ^ 10, 0x5bd1e995);
  }
  return `${lang}:${texts.length}:${(a >>> 0).toString(36)}${(b >>> 0).toString(36)}`;
}
