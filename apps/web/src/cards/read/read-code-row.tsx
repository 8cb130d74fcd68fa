import { memo, type CSSProperties, type Ref } from 'react';
import { mayNeedEscapes, sliceSegments, visibleSegments, type VisibleSegment } from '../text/invisible-characters';
import { VisibleSegments, VisibleText } from '../text/visible-text';
import { formatCount } from '../frame/count-text';
import type { HighlightedLine, HighlightedToken } from '../../highlight/highlighted-line';
import type { RowSelectionProps } from './line-selection-rows';
import { ReadGutter } from './read-gutter';
import { shownLength, tokensUpTo } from './row-text-cap';

interface ReadCodeRowProps extends RowSelectionProps {
  number: number;
  text: string;
  /** The line went on: the read cut it after this many characters. */
  cutAtChars?: number;
  tokens: HighlightedLine | undefined;
  isTarget: boolean;
  /** Added from the file as it is now, not part of the agent's read: drawn with a side band. */
  added?: boolean;
  index: number;
  style?: CSSProperties;
  rowRef?: Ref<HTMLDivElement>;
  /** Draw the whole line even past ROW_TEXT_MAX_CHARS (the reader asked for the rest). */
  whole?: boolean;
  /** "+18,000 chars" was clicked on this row's line. */
  onShowWhole?: (line: number) => void;
}

/**
 * One line of a read window. The gutter number is drawn by CSS from `data-line-number`
 * (user-select: none), so it is neither in the DOM text nor in a copy; with `gutter` it is
 * a button that selects lines (ReadGutter).
 * Plain text and tokens share one font and line height: colour arriving moves nothing.
 * Invisible and bidi characters are chips in both, so colour arriving reveals nothing new.
 */
export const ReadCodeRow = memo(function ReadCodeRow({ number, text: line, cutAtChars, tokens: lineTokens, isTarget, added = false, index, style, rowRef, selected = false, gutter, gutterTabbable, whole = false, onShowWhole }: ReadCodeRowProps) {
  // A very long line draws its first ROW_TEXT_MAX_CHARS characters; the rest is a click away.
  const shown = shownLength(line, whole);
  const text = shown === line.length ? line : line.slice(0, shown);
  const tokens = lineTokens && shown < line.length ? tokensUpTo(lineTokens, shown) : lineTokens;
  return (
    <div
      ref={rowRef}
      className={`tc-read__row${isTarget ? ' is-target' : ''}${added ? ' is-added' : ''}${selected ? ' is-selected' : ''}`}
      title={added ? "not part of the agent's read" : undefined}
      aria-current={isTarget ? 'true' : undefined}
      data-index={index}
      style={style}
    >
      <ReadGutter number={number} actions={gutter} selected={selected} tabbable={gutterTabbable} />
      {/* An empty line holds a <br>, as editors do: a selection copies it as an empty line
          instead of dropping it. */}
      <span className="tc-read__code">
        {text === '' ? (
          <br />
        ) : tokens ? (
          <RowTokens text={text} tokens={tokens} fileStart={number === 1} />
        ) : (
          <VisibleText text={text} fileStart={number === 1} />
        )}
      </span>
      {/* Beside the code, not in it (as the cut mark below): a selection never holds the button's words. */}
      {shown < line.length && (
        <button type="button" className="tc-read__rest" aria-label={`Show the rest of line ${number}: ${formatCount(line.length - shown)} more characters`} onClick={() => onShowWhole?.(number)}>
          +{formatCount(line.length - shown)} chars
        </button>
      )}
      {/* A mark beside the code, not in it: it cannot be selected, so a copy holds only what was read. */}
      {cutAtChars !== undefined && (
        <span className="tc-read__cut" role="note" aria-label={`line cut at ${formatCount(cutAtChars)} characters`} title="The read tool cut this line here; the rest of it was not read.">
          cut at {formatCount(cutAtChars)} chars
        </span>
      )}
    </div>
  );
});

function RowTokens({ text, tokens, fileStart }: { text: string; tokens: HighlightedLine; fileStart: boolean }) {
  if (!mayNeedEscapes(text)) return <>{tokens.map((token, index) => renderToken(token, index, undefined))}</>;
  // Escapes are found on the whole line (a joiner between two emoji may straddle tokens),
  // then each token takes its share by offset.
  const segments = visibleSegments(text, { fileStart });
  const aligned = tokens.reduce((length, token) => length + token.text.length, 0) === text.length;
  let offset = 0;
  return (
    <>
      {tokens.map((token, index) => {
        const start = offset;
        offset += token.text.length;
        return renderToken(token, index, aligned ? sliceSegments(segments, start, offset) : visibleSegments(token.text));
      })}
    </>
  );
}

function renderToken(token: HighlightedToken, index: number, segments: readonly VisibleSegment[] | undefined) {
  return (
    <span key={index} className="tc-tok" style={tokenStyle(token)}>
      {segments ? <VisibleSegments segments={segments} /> : token.text}
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
