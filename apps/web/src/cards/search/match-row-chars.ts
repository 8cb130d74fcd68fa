/**
 * How many characters of a match line a row shows at a given list width, so the line is
 * clipped around its match before the row's width cuts it: on a 390 px phone a row shows
 * ~33 characters, and a match at column 40 of a short line would be cut away by the CSS
 * ellipsis with nothing to say it was there.
 */

/** The row's mono font is 13px; a mono character is ~0.6em wide. */
const CHAR_PX = 7.8;
/** The row's paddings (1.75rem + 0.75rem), the line number's 4ch and the gap beside it, in characters. */
const ROW_CHROME_CHARS = 10;
/** Fewer would leave no context around a match; a narrower list is not a layout the app has. */
const MIN_CHARS = 24;

export function matchRowChars(listWidthPx: number, previewChars: number): number {
  if (!(listWidthPx > 0)) return previewChars;
  const fits = Math.floor(listWidthPx / CHAR_PX) - ROW_CHROME_CHARS;
  return Math.max(MIN_CHARS, Math.min(previewChars, fits));
}
