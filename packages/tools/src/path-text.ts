/**
 * A path written as one line of text — a header or a row of the model's grep and glob text,
 * a line of a spill file — and read back. One rule for every writer and reader, so a file's
 * name cannot forge rows: a name holding a newline (`nl⏎  Line 7: FAKE.txt`) would otherwise
 * start a row of its own, and one starting with spaces (`  Line 7: x`) would read as a match.
 *
 * A path is written as it is unless it holds a control character (C0, DEL, C1), a line or
 * paragraph separator, or starts with whitespace or `"`. Such a path is written as a JSON
 * string (`"nl\n  Line 7: FAKE.txt"`), with those characters escaped as JSON escapes: a model
 * can paste it into a tool's args as it stands, and `pathFromText` gives the path back exactly.
 * A written path never contains a newline, and starts with `"` exactly when it is quoted.
 */

const NEEDS_QUOTES = /[\u0000-\u001f\u007f-\u009f\u2028\u2029]|^[\s"]/u;
// JSON.stringify escapes C0, `"` and `\`; these stay raw there but are control or break characters too.
const ALSO_ESCAPED = /[\u007f-\u009f\u2028\u2029]/gu;

export function pathAsText(path: string): string {
  if (!NEEDS_QUOTES.test(path)) return path;
  return JSON.stringify(path).replace(ALSO_ESCAPED, (char) => `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`);
}

/**
 * The path `text` was written for by `pathAsText`. Undefined when `text` starts with `"` but
 * is not one whole JSON string: no writer makes that, so the text is damaged.
 */
export function pathFromText(text: string): string | undefined {
  if (!text.startsWith('"')) return text;
  // JSON.parse would allow whitespace after the string; a written path has none.
  if (!text.endsWith('"')) return undefined;
  try {
    const path: unknown = JSON.parse(text);
    return typeof path === 'string' ? path : undefined;
  } catch {
    return undefined;
  }
}
