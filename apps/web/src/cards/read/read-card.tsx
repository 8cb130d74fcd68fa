import { lazy, useEffect, useMemo, useState } from 'react';
import type { ReadFileLine, ReadResultView } from '@toolcards/protocol';
import { useCardAddress } from '../frame/card-address';
import { CardFrame } from '../frame/card-frame';
import { PreviewToggle, useCardPreview } from '../frame/card-preview';
import { CopyButton } from '../frame/copy-button';
import { EditorActions } from '../frame/editor-actions';
import { editorLineOf } from '../frame/editor-link';
import { PathLabel } from '../frame/path-label';
import { hasBidiControl } from '../text/invisible-characters';
import { warmHighlight } from '../../highlight/highlight-client';
import { useHighlightedLines } from '../../highlight/use-highlighted-lines';
import { readHeaderText, type ReadNext } from './read-header-text';
import { countText } from '../frame/count-text';
import { ReadCodeView } from './read-code-view';
import { READ_ROW_PX, READ_VIEWPORT_HEIGHT_PX } from './read-virtual-rows';
import type { FileSource } from '../../net/file-source';
import { GrowControl, GrowNote } from './grow-control';
import { linesBeyond, shownLines } from './read-growth';
import { StaleBadge } from './stale-badge';
import { useReadFreshness } from './use-read-freshness';
import { useReadGrowth } from './use-read-growth';
import { ReadMinimap } from './read-minimap';
import { useLineSelection } from './use-line-selection';
import { LoadFailure, LoadFailureBoundary } from '../../ui/load-failure-boundary';

// A stale read's actions (Show changes, Read again) load with the first stale read (initial JS ≤ 150 kB gzip).
const StaleRead = lazy(() => import('./stale-read').then((module) => ({ default: module.StaleRead })));

interface ReadCardProps {
  view: ReadResultView;
  /** A line to mark and scroll to (a search match that was opened). */
  targetLine?: number;
  /** Runs the continuation read; without it the card only says how much is left. */
  onReadNext?: (request: ReadNextRequest) => void;
  /** The file as it is now (grow the window, freshness); without it the card shows only what was read. */
  fileSource?: FileSource;
  /** A new, logged read of this window ("Read again" on a stale card). */
  onReadAgain?: (request: ReadNextRequest) => void;
}

export interface ReadNextRequest {
  path: string;
  offset: number;
  limit: number;
}

/** A window of a file: header, line-number gutter and highlighted code. */
export function ReadCard({ view, targetLine, onReadNext, fileSource, onReadAgain }: ReadCardProps) {
  const [wrap, setWrap] = useState(false);
  const freshness = useReadFreshness(fileSource, view.path);
  const { growth, loading, error, grow } = useReadGrowth(view, fileSource);
  const shown = useMemo(() => shownLines(view, growth), [view, growth]);
  const beyond = linesBeyond(view, growth);
  const texts = useMemo(() => shown.lines.map((line) => line.text), [shown]);
  // Lines picked by their numbers (or by a `…/L12-L20` link); `selection.range?.start` is the selected start line.
  const selection = useLineSelection(shown.lines, useCardAddress(), targetLine);
  const highlighted = useHighlightedLines(view.lang, texts);
  const hasBidiControls = useMemo(() => hasBidiControl(view.path) || texts.some(hasBidiControl), [view.path, texts]);
  // An empty window starts no highlight: still warm its language for the cards after it.
  useEffect(() => warmHighlight(view.lang), [view.lang]);
  const header = readHeaderText(view);
  const agentWindow = useMemo(() => windowOf(view.lines), [view.lines]);
  // A window taller than the preview shows its first lines (or those around its target) clipped, with "Show all N lines".
  const preview = useCardPreview({ bodyHeight: shown.lines.length * READ_ROW_PX, previewHeight: READ_VIEWPORT_HEIGHT_PX });

  return (
    <CardFrame
      variant="read"
      label={view.title ?? `Read ${view.path}`}
      heading={<PathLabel path={view.path} />}
      hasBidiControls={hasBidiControls}
      details={
        <>
          <span className="tc-read__lang">{view.lang ?? 'plain text'}</span>
          <span className="tc-read__range">{header.range}</span>
          {header.next !== undefined && <NextWindow next={header.next} path={view.path} onReadNext={onReadNext} />}
          {freshness !== undefined && freshness !== 'unchanged' && <StaleBadge state={freshness} />}
        </>
      }
      actions={
        texts.length === 0 ? undefined : (
          <>
            <EditorActions path={view.path} line={editorLineOf(view.lines[0]?.number ?? view.offset, targetLine, selection.range?.start)} />
            <button type="button" className="tc-card__action" aria-pressed={wrap} onClick={() => setWrap(!wrap)}>
              Wrap
            </button>
            <CopyButton text={() => texts.join('\n')} label="Copy code" note={cutNote(shown.lines)} />
          </>
        )
      }
    >
      {freshness !== undefined && freshness !== 'unchanged' && (
        <LoadFailureBoundary fallback={<LoadFailure what="the stale read's actions" />}>
          <StaleRead view={view} state={freshness} source={fileSource} onReadAgain={onReadAgain} />
        </LoadFailureBoundary>
      )}
      {fileSource && beyond.above > 0 && (
        <GrowControl direction="above" left={beyond.above} loading={loading === 'above'} onGrow={() => grow('above')} />
      )}
      {texts.length > 0 && (
        <div className="tc-read__body">
          <ReadCodeView lines={shown.lines} readFrom={shown.readFrom} readTo={shown.readTo} highlighted={highlighted} wrap={wrap} targetLine={targetLine} selection={selection} preview={preview.boxProps} />
          <ReadMinimap path={view.path} window={agentWindow} totalLines={view.totalLines} />
        </div>
      )}
      {texts.length > 0 && <PreviewToggle preview={preview} count={shown.lines.length} noun={['line', 'lines']} />}
      {fileSource && beyond.below > 0 && (
        <GrowControl direction="below" left={beyond.below} loading={loading === 'below'} onGrow={() => grow('below')} />
      )}
      {(error !== undefined || (growth.fileChanged && shown.lines.length > view.lines.length)) && (
        <GrowNote error={error} />
      )}
    </CardFrame>
  );
}

/** "Next 736 lines": a real control when the card can ask for a read, plain words when it cannot. */
function NextWindow({ next, path, onReadNext }: { next: ReadNext; path: string; onReadNext: ReadCardProps['onReadNext'] }) {
  if (onReadNext === undefined) return <span className="tc-read__more">{next.left}</span>;
  return (
    <button
      type="button"
      className="tc-card__action tc-read__next"
      title={`read ${path} from line ${next.offset}`}
      onClick={() => onReadNext({ path, offset: next.offset, limit: next.limit })}
    >
      {next.label}
    </button>
  );
}

/** The agent's window as a range: its first and last line (none when it held no lines). */
function windowOf(lines: readonly ReadFileLine[]): [number, number] | undefined {
  const first = lines[0];
  const last = lines[lines.length - 1];
  return first && last ? [first.number, last.number] : undefined;
}

/** "2 lines cut": what a copy of a window with cut lines lacks. */
function cutNote(lines: readonly ReadFileLine[]): string | undefined {
  const cut = lines.reduce((count, line) => count + (line.cutAtChars === undefined ? 0 : 1), 0);
  return cut === 0 ? undefined : `${countText(cut, 'line was', 'lines were')} cut short`;
}
