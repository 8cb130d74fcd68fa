import { memo, useMemo, type CSSProperties, type Ref } from 'react';
import type { HighlightedLine, HighlightedToken } from '../../highlight/highlighted-line';
import { formatCount } from '../frame/count-text';
import { shownLength } from '../read/row-text-cap';
import { VisibleText } from '../text/visible-text';
import type { DiffLineRow } from './diff-rows';
import { markedRuns } from './marked-tokens';
import type { TextRange, wordChanges as WordChangesFn } from './word-changes';

/** Tokens of a row's line, found on the side it belongs to. */
export interface SideTokens {
  old: readonly (HighlightedLine | undefined)[];
  new: readonly (HighlightedLine | undefined)[];
}

export function tokensOf(row: DiffLineRow, tokens: SideTokens): HighlightedLine | undefined {
  return row.kind === 'removed' ? tokens.old[row.oldIndex] : tokens.new[row.newIndex];
}

const SIGN: Record<DiffLineRow['kind'] | 'file', string> = { context: ' ', removed: '−', added: '+', file: ' ' };
const SIGN_LABEL: Record<DiffLineRow['kind'], string | undefined> = { context: undefined, removed: 'removed', added: 'added' };

interface DiffCodeProps {
  text: string;
  tokens: HighlightedLine | undefined;
  marks: readonly TextRange[];
  whole: boolean;
  onShowWhole: () => void;
  noNewline?: boolean;
}

/** A line's code: coloured runs, changed words marked, a huge line cut with "+N chars". */
function DiffCode({ text, tokens, marks, whole, onShowWhole, noNewline }: DiffCodeProps) {
  const shown = shownLength(text, whole);
  const runs = useMemo(() => markedRuns(text, tokens, marks, shown), [text, tokens, marks, shown]);
  return (
    <>
      {/* An empty line holds a <br>, so a copy keeps it as an empty line. */}
      <span className="tc-diff__code">
        {text === '' ? <br /> : runs.map((run, index) => (
          // `tc-tok` only on a highlighter's token (its colour comes from CSS variables); plain runs before colour arrives are bare.
          <span key={index} className={runClass(run.token !== undefined, run.marked)} style={run.token ? tokenStyle(run.token) : undefined}>
            <VisibleText text={run.text} />
          </span>
        ))}
      </span>
      {shown < text.length && (
        <button type="button" className="tc-read__rest" aria-label={`Show the rest of the line: ${formatCount(text.length - shown)} more characters`} onClick={onShowWhole}>
          +{formatCount(text.length - shown)} chars
        </button>
      )}
      {noNewline && (
        <span className="tc-diff__no-newline" role="note" title="No newline at end of file">
          no newline at end
        </span>
      )}
    </>
  );
}

/** The word marks a row draws: where it differs from the line it is paired with. */
function marksOf(row: DiffLineRow | undefined, pair: DiffLineRow | undefined, wordChanges: typeof WordChangesFn | undefined): readonly TextRange[] {
  if (!row || !pair || !wordChanges) return NO_MARKS;
  if (row.kind === 'removed' && pair.kind === 'added') return wordChanges(row.text, pair.text)?.removed ?? NO_MARKS;
  if (row.kind === 'added' && pair.kind === 'removed') return wordChanges(pair.text, row.text)?.added ?? NO_MARKS;
  return NO_MARKS;
}
const NO_MARKS: readonly TextRange[] = [];

interface RowPlacement {
  index: number;
  /** The file's index in the card's view: find in session names a line by file, hunk and line. */
  fileIndex: number;
  style?: CSSProperties;
  rowRef?: Ref<HTMLDivElement>;
}

interface UnifiedRowProps extends RowPlacement {
  row: DiffLineRow;
  pair?: DiffLineRow;
  tokens: HighlightedLine | undefined;
  wordChanges: typeof WordChangesFn | undefined;
  whole: boolean;
  onShowWhole: (key: string) => void;
  rowKey: string;
}

/**
 * One unified row: old and new line numbers (drawn by CSS from data-line-number, so never
 * selected or copied), the sign, the code. Memoized: a virtual list re-renders on scroll.
 */
export const UnifiedDiffRow = memo(function UnifiedDiffRow({ row, pair, tokens, wordChanges, whole, onShowWhole, rowKey, fileIndex, index, style, rowRef }: UnifiedRowProps) {
  const marks = useMemo(() => marksOf(row, pair, wordChanges), [row, pair, wordChanges]);
  return (
    <div ref={rowRef} className={`tc-diff__row is-${row.kind}`} data-index={index} data-diff-line={`${fileIndex}:${row.hunk}:${row.line}`} style={style}>
      <span className="tc-diff__num" aria-hidden="true" data-line-number={row.kind === 'added' ? '' : row.old} />
      <span className="tc-diff__num" aria-hidden="true" data-line-number={row.kind === 'removed' ? '' : row.new} />
      <span className="tc-diff__sign" aria-label={SIGN_LABEL[row.kind]}>
        {SIGN[row.kind]}
      </span>
      <DiffCode text={row.text} tokens={tokens} marks={marks} whole={whole} onShowWhole={() => onShowWhole(rowKey)} noNewline={row.noNewline === true} />
    </div>
  );
});

interface SplitRowProps extends RowPlacement {
  left?: DiffLineRow;
  right?: DiffLineRow;
  leftTokens: HighlightedLine | undefined;
  rightTokens: HighlightedLine | undefined;
  wordChanges: typeof WordChangesFn | undefined;
  whole: boolean;
  onShowWhole: (key: string) => void;
  rowKey: string;
}

/** One split row: the old side on the left, the new on the right; a side with no line is blank. */
export const SplitDiffRow = memo(function SplitDiffRow({ left, right, leftTokens, rightTokens, wordChanges, whole, onShowWhole, rowKey, fileIndex, index, style, rowRef }: SplitRowProps) {
  const leftMarks = useMemo(() => marksOf(left, right, wordChanges), [left, right, wordChanges]);
  const rightMarks = useMemo(() => marksOf(right, left, wordChanges), [left, right, wordChanges]);
  const side = (row: DiffLineRow | undefined, number: number | undefined, tokens: HighlightedLine | undefined, marks: readonly TextRange[], which: 'old' | 'new') =>
    row === undefined ? (
      <div className={`tc-diff__half is-${which} is-blank`} />
    ) : (
      <div className={`tc-diff__half is-${which} is-${row.kind}`} data-diff-line={which === 'new' && row.kind === 'context' ? undefined : `${fileIndex}:${row.hunk}:${row.line}`}>
        <span className="tc-diff__num" aria-hidden="true" data-line-number={number} />
        <span className="tc-diff__sign" aria-label={SIGN_LABEL[row.kind]}>
          {SIGN[row.kind]}
        </span>
        <DiffCode text={row.text} tokens={tokens} marks={marks} whole={whole} onShowWhole={() => onShowWhole(rowKey)} noNewline={row.noNewline === true} />
      </div>
    );
  return (
    <div ref={rowRef} className="tc-diff__row tc-diff__row--split" data-index={index} style={style}>
      {side(left, left?.kind === 'added' ? undefined : left?.old, leftTokens, leftMarks, 'old')}
      {side(right, right?.kind === 'removed' ? undefined : right?.new, rightTokens, rightMarks, 'new')}
    </div>
  );
});

interface FileLineRowProps extends RowPlacement {
  old: number;
  new: number;
  text: string;
  tokens: HighlightedLine | undefined;
  split: boolean;
  whole: boolean;
  onShowWhole: (key: string) => void;
  rowKey: string;
}

/** A line of the file as it is now, brought into a gap: banded, as a read card's grown lines are. */
export const FileLineRow = memo(function FileLineRow({ old, new: newNumber, text, tokens, split, whole, onShowWhole, rowKey, index, style, rowRef }: FileLineRowProps) {
  const code = <DiffCode text={text} tokens={tokens} marks={NO_MARKS} whole={whole} onShowWhole={() => onShowWhole(rowKey)} />;
  const title = 'from the file as it is now, not part of the diff';
  if (split) {
    return (
      <div ref={rowRef} className="tc-diff__row tc-diff__row--split is-from-file" title={title} data-index={index} style={style}>
        {[old, newNumber].map((number, at) => (
          <div key={at} className={`tc-diff__half ${at === 0 ? 'is-old' : 'is-new'} is-context`}>
            <span className="tc-diff__num" aria-hidden="true" data-line-number={number} />
            <span className="tc-diff__sign">{SIGN.file}</span>
            {code}
          </div>
        ))}
      </div>
    );
  }
  return (
    <div ref={rowRef} className="tc-diff__row is-context is-from-file" title={title} data-index={index} style={style}>
      <span className="tc-diff__num" aria-hidden="true" data-line-number={old} />
      <span className="tc-diff__num" aria-hidden="true" data-line-number={newNumber} />
      <span className="tc-diff__sign">{SIGN.file}</span>
      {code}
    </div>
  );
});

function runClass(token: boolean, marked: boolean): string | undefined {
  if (token) return marked ? 'tc-tok is-marked' : 'tc-tok';
  return marked ? 'is-marked' : undefined;
}

function tokenStyle(token: HighlightedToken): CSSProperties {
  const style: Record<string, string> = {};
  if (token.light) style['--shiki-light'] = token.light;
  if (token.dark) style['--shiki-dark'] = token.dark;
  if (token.italic) style.fontStyle = 'italic';
  if (token.underline) style.textDecoration = 'underline';
  return style as CSSProperties;
}
