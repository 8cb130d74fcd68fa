import { memo, type CSSProperties, type Ref } from 'react';
import type { HighlightedLine, HighlightedToken } from './highlight/highlighted-line';

interface ReadCodeRowProps {
  number: number;
  text: string;
  tokens: HighlightedLine | undefined;
  isTarget: boolean;
  index: number;
  style?: CSSProperties;
  rowRef?: Ref<HTMLDivElement>;
}

/**
 * One line of a read window. The gutter number is drawn by CSS from `data-line-number`
 * (aria-hidden, user-select: none), so it is neither in the DOM text nor in a copy.
 * Plain text and tokens share one font and line height: colour arriving moves nothing.
 */
export const ReadCodeRow = memo(function ReadCodeRow({ number, text, tokens, isTarget, index, style, rowRef }: ReadCodeRowProps) {
  return (
    <div
      ref={rowRef}
      className={isTarget ? 'tc-read__row is-target' : 'tc-read__row'}
      aria-current={isTarget ? 'true' : undefined}
      data-index={index}
      style={style}
    >
      <span className="tc-read__gutter" data-line-number={number} aria-hidden="true" />
      {/* An empty line holds a <br>, as editors do: a selection copies it as an empty line
          instead of dropping it. */}
      <span className="tc-read__code">{text === '' ? <br /> : tokens ? tokens.map(renderToken) : text}</span>
    </div>
  );
});

function renderToken(token: HighlightedToken, index: number) {
  return (
    <span key={index} className="tc-tok" style={tokenStyle(token)}>
      {token.text}
    </span>
  );
}

function tokenStyle(token: HighlightedToken): CSSProperties {
  const style: Record<string, string> = {};
  if (token.light) style['--shiki-light'] = token.light;
  if (token.dark) style['--shiki-dark'] = token.dark;
  if (token.italic) style.fontStyle = 'italic';
  if (token.underline) style.textDecoration = 'underline';
  return style as CSSProperties;
}
