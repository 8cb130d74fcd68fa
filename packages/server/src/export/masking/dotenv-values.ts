/**
 * `.env` values: what a read (or a command) of a `.env`-like file showed, `KEY=value` per line.
 * No rule set knows these values (they are whatever the project keeps there), so every value
 * is taken as a secret, except those too short or too plain to hide safely: masking replaces
 * a value everywhere in the session, and hiding `true` or `3000` everywhere would hide too much.
 */

/** A file name as `.env`, `.env.local`, `prod.env`, `.envrc`. */
const DOTENV_NAME = /(?:^|[\s/\\'"=])(?:\.env(?:\.[\w.-]+)?|[\w.-]+\.env|\.envrc)(?=$|[\s'"])/;
const ASSIGNMENT = /^[ \t]*(?:export[ \t]+)?[A-Za-z_][A-Za-z0-9_.-]*[ \t]*=[ \t]*(.*?)[ \t]*$/gm;
const PLAIN = /^(?:true|false|null|yes|no|on|off|\d+(?:\.\d+)?|[a-z]+|https?:\/\/[^@\s]*)$/i;
/** Shorter values are not hidden (see above). */
export const MIN_MASKED_LENGTH = 8;

/** Whether a call's arguments name a `.env`-like file (its result's `KEY=value` lines are values to hide). */
export function namesDotenvFile(texts: readonly string[]): boolean {
  return texts.some((text) => DOTENV_NAME.test(text));
}

/** The values of the `KEY=value` lines in `text`, as `[start, end)` ranges (quotes left out). */
export function dotenvValues(text: string): { start: number; end: number }[] {
  const found: { start: number; end: number }[] = [];
  for (const match of text.matchAll(ASSIGNMENT)) {
    let value = match[1] ?? '';
    let start = match.index + match[0].lastIndexOf(value);
    if ((value.startsWith('"') && value.endsWith('"')) || (value.startsWith("'") && value.endsWith("'"))) {
      value = value.slice(1, -1);
      start += 1;
    }
    if (value.length < MIN_MASKED_LENGTH || PLAIN.test(value) || value.startsWith('#')) continue;
    found.push({ start, end: start + value.length });
  }
  return found;
}
