import { escapedText } from './invisible-characters';
import { mixedScriptWords } from './mixed-script';

/**
 * A name for an aria-label or tooltip: escapes written out ("[U+202E]") and a mixed-script
 * name said to be one, since a label cannot carry the chips or the marker.
 */
export function spokenName(name: string): string {
  const words = mixedScriptWords(name);
  const scripts = [...new Set(words.flatMap((word) => word.scripts))];
  return words.length === 0 ? escapedText(name) : `${escapedText(name)} (mixed scripts: ${scripts.join(' and ')})`;
}
