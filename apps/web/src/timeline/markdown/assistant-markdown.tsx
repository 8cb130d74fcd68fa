import { useMemo } from 'react';
import Markdown, { type Components } from 'react-markdown';
import type { Element, ElementContent } from 'hast';
import '../../cards/cards.css';
import { VisibleText } from '../../cards/text/visible-text';
import './assistant-markdown.css';
import { CodeFence } from './code-fence';
import { langFromFence } from './fence-lang';
import { useThrottledText } from './use-throttled-text';
import { isVisibleTextSpan, rehypeVisibleText } from './visible-text-nodes';

/** While a message streams, its Markdown is parsed again at most this often. */
const REPARSE_INTERVAL_MS = 100;

/**
 * An assistant message as Markdown, safely: react-markdown builds React
 * elements (never innerHTML); raw HTML in the text is shown as text, link URLs
 * go through its default filter (no `javascript:`), links open in a new tab
 * without an opener, and images are not loaded (the model's text must not make
 * the browser fetch anything) — their alt text is shown as a link instead.
 * Invisible and bidi characters show as the cards' escape chips, in text only.
 *
 * A growing (streaming) message is parsed at most every REPARSE_INTERVAL_MS, not on every
 * delta; the text that arrived since the last parse is shown after it as plain text.
 */
export function AssistantMarkdown({ text }: { text: string }) {
  const parsed = useThrottledText(text, REPARSE_INTERVAL_MS);
  // Same element while `parsed` is unchanged, so React skips re-rendering (re-parsing) it.
  const markdown = useMemo(
    () => (
      <Markdown components={COMPONENTS} rehypePlugins={REHYPE_PLUGINS}>
        {parsed}
      </Markdown>
    ),
    [parsed],
  );
  // Line breaks that start the tail would only open empty lines until the next parse.
  const tail = text.startsWith(parsed) ? text.slice(parsed.length).replace(/^\n+/, '') : '';
  return (
    <>
      <div className="tl-md">{markdown}</div>
      {tail !== '' && (
        <div className="tl-md__tail">
          <VisibleText text={tail} multiline />
        </div>
      )}
    </>
  );
}

const REHYPE_PLUGINS = [rehypeVisibleText];

const COMPONENTS: Components = {
  pre: ({ node }) => {
    const code = node?.children.find((child): child is Element => child.type === 'element' && child.tagName === 'code');
    return <CodeFence code={code ? textContent(code) : ''} lang={langFromFence(fenceInfo(code))} />;
  },
  code: ({ children }) => <code className="tl-md__code">{children}</code>,
  // Only rehypeVisibleText makes spans (raw HTML in the text stays text).
  span: ({ node, children }) => (isVisibleTextSpan(node) ? <VisibleText text={textContent(node)} multiline /> : <span>{children}</span>),
  a: ({ href, children }) => (
    <a href={href} target="_blank" rel="noopener noreferrer">
      {children}
    </a>
  ),
  img: ({ src, alt }) =>
    typeof src === 'string' && src !== '' ? (
      <a href={src} target="_blank" rel="noopener noreferrer">
        <VisibleText text={alt || src} />
      </a>
    ) : (
      <span>
        <VisibleText text={alt ?? ''} />
      </span>
    ),
};

/** "language-ts" → "ts". */
function fenceInfo(code: Element | undefined): string | undefined {
  const classes = code?.properties.className;
  const list = Array.isArray(classes) ? classes : [];
  const language = list.map(String).find((name) => name.startsWith('language-'));
  return language?.slice('language-'.length);
}

function textContent(node: Element | ElementContent): string {
  if (node.type === 'text') return node.value;
  if (node.type === 'element') return node.children.map(textContent).join('');
  return '';
}
