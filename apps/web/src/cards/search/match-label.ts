import { escapedText } from '../text/invisible-characters';
import { spokenName } from '../text/spoken-name';

/**
 * What a screen reader hears for a match row: "src/a.ts line 12: const foo = 1". A label
 * cannot hold a chip: escapes are written out ("[U+202E]"), never left raw.
 */
export function matchLabel(path: string, lineNumber: number, text: string): string {
  return `${spokenName(path)} line ${lineNumber}: ${escapedText(text).trim()}`;
}
