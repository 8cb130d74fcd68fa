import { matchRanges } from '@toolcards/protocol';

/** CSS Custom Highlight names (styled in app.css): every match in the hit's card, and the current one. */
const ALL = 'tc-find';
const CURRENT = 'tc-find-current';

interface HighlightRegistry {
  set(name: string, highlight: unknown): void;
  delete(name: string): void;
}

function registry(): { highlights: HighlightRegistry; Highlight: new (...ranges: Range[]) => unknown } | undefined {
  const css = globalThis.CSS as unknown as { highlights?: HighlightRegistry } | undefined;
  const Highlight = (globalThis as { Highlight?: new (...ranges: Range[]) => unknown }).Highlight;
  return css?.highlights && Highlight ? { highlights: css.highlights, Highlight } : undefined;
}

/**
 * Marks the matches of `pattern` inside `element` (the text a hit is in), the one nearest
 * `offset` as current, without touching the DOM the cards render: the CSS Custom Highlight
 * API paints ranges over text nodes, split across tokens or not. Returns the current range,
 * for scrolling to it; undefined where the API is missing (the card is still scrolled to).
 */
export function markFindHit(element: Element, pattern: RegExp, offset: number): Range | undefined {
  const api = registry();
  const nodes: Text[] = [];
  const walker = element.ownerDocument.createTreeWalker(element, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) nodes.push(node as Text);
  const text = nodes.map((node) => node.data).join('');
  const found = matchRanges(pattern, text, 1_000);
  if (found.length === 0) return undefined;
  const ranges = found.map(([start, end]) => rangeOver(nodes, start, end));
  // The card may show the text cut (a long match line): the nearest match to where the hit is.
  let current = 0;
  for (let index = 1; index < found.length; index += 1) {
    if (Math.abs(found[index]![0] - offset) < Math.abs(found[current]![0] - offset)) current = index;
  }
  if (api) {
    api.highlights.set(ALL, new api.Highlight(...ranges.filter((_, index) => index !== current)));
    api.highlights.set(CURRENT, new api.Highlight(ranges[current]!));
  }
  return ranges[current];
}

export function clearFindMarks(): void {
  const api = registry();
  api?.highlights.delete(ALL);
  api?.highlights.delete(CURRENT);
}

function rangeOver(nodes: readonly Text[], start: number, end: number): Range {
  const range = nodes[0]!.ownerDocument.createRange();
  let seen = 0;
  let started = false;
  for (const node of nodes) {
    const length = node.data.length;
    if (!started && start <= seen + length) {
      range.setStart(node, start - seen);
      started = true;
    }
    if (started && end <= seen + length) {
      range.setEnd(node, end - seen);
      break;
    }
    seen += length;
  }
  return range;
}
