import type { Element, ElementContent, Root } from 'hast';
import { visibleSegments } from '../../cards/text/invisible-characters';

/** The class of a span that stands for a text node with characters to show as escapes. */
export const VISIBLE_TEXT_CLASS = 'tl-md__visible';

/**
 * A rehype plugin: each text node holding an invisible, control or bidi character becomes a
 * span marked VISIBLE_TEXT_CLASS, which AssistantMarkdown renders with VisibleText. So the
 * escapes are made in text nodes only — never in the Markdown source, whose syntax they
 * would break, nor in URLs. Code fences are left to CodeFence, which escapes its own lines.
 */
export function rehypeVisibleText() {
  return (tree: Root): void => {
    markTextNodes(tree);
  };
}

/** Whether a span made by `rehypeVisibleText`. */
export function isVisibleTextSpan(node: Element | undefined): node is Element {
  const classes = node?.properties.className;
  return Array.isArray(classes) && classes.includes(VISIBLE_TEXT_CLASS);
}

function markTextNodes(parent: Root | Element): void {
  for (const [index, child] of parent.children.entries()) {
    if (child.type === 'element') {
      if (child.tagName !== 'pre') markTextNodes(child);
    } else if (child.type === 'text' && hasEscape(child.value)) {
      const span: ElementContent = { type: 'element', tagName: 'span', properties: { className: [VISIBLE_TEXT_CLASS] }, children: [child] };
      parent.children[index] = span;
    }
  }
}

/** Line breaks inside a paragraph are Markdown's own (soft breaks), not characters to show. */
function hasEscape(text: string): boolean {
  return visibleSegments(text, { multiline: true }).some((segment) => segment.kind === 'escape');
}
