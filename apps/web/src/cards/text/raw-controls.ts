const BIDI_CONTROLS = /[\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/gu;

/**
 * For tests: the bidi controls left raw anywhere a user can meet them in a rendered card
 * (its text, tooltips, accessible names), as "U+202E" labels. Empty means none.
 */
export function rawBidiControls(root: Element): string[] {
  const places = [root.textContent ?? ''];
  for (const element of [root, ...root.querySelectorAll('*')]) {
    for (const attribute of element.attributes) places.push(attribute.value);
  }
  return places.flatMap((text) => [...text.matchAll(BIDI_CONTROLS)].map(([char]) => `U+${char.codePointAt(0)!.toString(16).toUpperCase()}`));
}
