import { memo, type CSSProperties } from 'react';
import { formatCount } from '../frame/count-text';
import { shownLength } from '../read/row-text-cap';
import type { TerminalSpan } from './terminal-lines';
import type { TerminalRow } from './terminal-rows';
import { StyledSpans, type StyledSpan } from './styled-spans';

interface TerminalOutputRowProps {
  row: TerminalRow;
  /** The first stderr row: it carries the "stderr" tag. */
  stderrStart: boolean;
  isTarget: boolean;
  /** Draw the whole line past ROW_TEXT_MAX_CHARS (the reader asked for the rest). */
  whole: boolean;
  onShowWhole: (index: number) => void;
  style?: CSSProperties;
}

/**
 * One line of output. A very long line draws its first ROW_TEXT_MAX_CHARS characters (the read
 * card's cut, at presentation time: the meta keeps the whole line, Copy output copies it) with a
 * "+N chars" mark beside it that draws the rest.
 */
export const TerminalOutputRow = memo(function TerminalOutputRow({ row, stderrStart, isTarget, whole, onShowWhole, style }: TerminalOutputRowProps) {
  const { text, spans } = row.line;
  const shown = shownLength(text, whole);
  const drawn = shown === text.length ? spans : spansUpTo(spans, shown);
  const className = ['tc-term__row', row.stream === 'stderr' ? 'is-stderr' : '', stderrStart ? 'is-stderr-start' : '', isTarget ? 'is-target' : ''].filter(Boolean).join(' ');
  return (
    <div className={className} data-terminal-line={row.index} style={style} title={row.stream === 'stderr' ? 'stderr' : undefined}>
      <span className="tc-term__text">{text === '' ? <br /> : <StyledSpans text={text.slice(0, shown)} spans={drawn.map(styledSpan)} />}</span>
      {shown < text.length && (
        <button type="button" className="tc-read__rest" aria-label={`Show the rest of the line: ${formatCount(text.length - shown)} more characters`} onClick={() => onShowWhole(row.index)}>
          +{formatCount(text.length - shown)} chars
        </button>
      )}
    </div>
  );
});

function spansUpTo(spans: readonly TerminalSpan[], length: number): TerminalSpan[] {
  const kept: TerminalSpan[] = [];
  let offset = 0;
  for (const span of spans) {
    if (offset >= length) break;
    const end = offset + span.text.length;
    kept.push(end <= length ? span : { ...span, text: span.text.slice(0, length - offset) });
    offset = end;
  }
  return kept;
}

function styledSpan(span: TerminalSpan): StyledSpan {
  const style: CSSProperties = {};
  if (span.fg !== undefined) style.color = span.fg;
  if (span.bg !== undefined) style.backgroundColor = span.bg;
  if (span.bold) style.fontWeight = 700;
  if (span.dim) style.opacity = 0.6;
  if (span.italic) style.fontStyle = 'italic';
  const lines = [span.underline ? 'underline' : '', span.strike ? 'line-through' : ''].filter(Boolean).join(' ');
  if (lines !== '') style.textDecoration = lines;
  if (span.hidden) style.color = 'transparent';
  return Object.keys(style).length === 0 ? { text: span.text } : { text: span.text, style };
}
