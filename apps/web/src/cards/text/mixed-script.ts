import { codePointLabel } from './invisible-characters';

/**
 * Mixed-script names: a word whose letters come from more than one of the scripts that
 * share look-alike letters (Latin `a`, Cyrillic `а`, Greek `α`…), as in a `pаckage.json`
 * with a Cyrillic `а`. A word is a run of letters, so `отчёт.txt` (a Cyrillic name, a Latin
 * extension) and `README_日本語.md` are fine; only a mix inside one run is flagged.
 */

export type LookalikeScript = 'Latin' | 'Greek' | 'Cyrillic';

const SCRIPTS: readonly [LookalikeScript, RegExp][] = [
  ['Latin', /\p{Script=Latin}/u],
  ['Greek', /\p{Script=Greek}/u],
  ['Cyrillic', /\p{Script=Cyrillic}/u],
];

const WORD = /[\p{L}\p{M}]+/gu;
const NON_LATIN_LOOKALIKE = /[\p{Script=Greek}\p{Script=Cyrillic}]/u;

export interface OddLetter {
  letter: string;
  script: LookalikeScript;
  codePoint: number;
}

export interface MixedScriptWord {
  word: string;
  /** The scripts in the word, the main one (most letters) first. */
  scripts: LookalikeScript[];
  /** The letters not in the main script: the likely impostors. */
  oddLetters: OddLetter[];
}

/** Every word of `text` that mixes look-alike scripts, in order. */
export function mixedScriptWords(text: string): MixedScriptWord[] {
  // Fast path: no Greek or Cyrillic letter, no mix.
  if (!NON_LATIN_LOOKALIKE.test(text)) return [];
  const found: MixedScriptWord[] = [];
  for (const [word] of text.matchAll(WORD)) {
    const letters: { letter: string; script: LookalikeScript }[] = [];
    for (const letter of word) {
      const script = SCRIPTS.find(([, pattern]) => pattern.test(letter))?.[0];
      if (script) letters.push({ letter, script });
    }
    const counts = new Map<LookalikeScript, number>();
    for (const { script } of letters) counts.set(script, (counts.get(script) ?? 0) + 1);
    if (counts.size < 2) continue;
    // Ties go to the order of SCRIPTS (Latin first): Map keeps insertion order, sort is stable.
    const scripts = [...counts.keys()].sort((a, b) => counts.get(b)! - counts.get(a)! || order(a) - order(b));
    const main = scripts[0]!;
    const oddLetters = letters
      .filter(({ script }) => script !== main)
      .map(({ letter, script }) => ({ letter, script, codePoint: letter.codePointAt(0)! }));
    found.push({ word, scripts, oddLetters });
  }
  return found;
}

/**
 * What the marker says on hover and to a screen reader: “pаckage” mixes Latin and Cyrillic
 * letters (Cyrillic а U+0430) …
 */
export function mixedScriptDescription(words: readonly MixedScriptWord[]): string {
  const parts = words.map(({ word, scripts, oddLetters }) => {
    const odd = oddLetters.map(({ letter, script, codePoint }) => `${script} ${letter} ${codePointLabel(codePoint)}`);
    return `“${word}” mixes ${joinAnd(scripts)} letters (${[...new Set(odd)].join(', ')})`;
  });
  return `Mixed scripts: ${parts.join('; ')}. Letters that look alike can make one name imitate another.`;
}

function order(script: LookalikeScript): number {
  return SCRIPTS.findIndex(([name]) => name === script);
}

function joinAnd(items: readonly string[]): string {
  return items.length <= 2 ? items.join(' and ') : `${items.slice(0, -1).join(', ')} and ${items[items.length - 1]}`;
}
