import { useEffect, useMemo, useRef, useState } from 'react';
import type { CallLocation, DiffFile, DiffResultView } from '@toolcards/protocol';
import { warmHighlight } from '../../highlight/highlight-client';
import { CardFrame } from '../frame/card-frame';
import { CopyButton } from '../frame/copy-button';
import { formatCount } from '../frame/count-text';
import { PathLabel } from '../frame/path-label';
import type { FileSource } from '../../net/file-source';
import { hasBidiControl } from '../text/invisible-characters';
import { diffPlainText } from '../view-plain-text';
import { FRESHNESS_TEXT, FRESHNESS_TITLE, FRESHNESS_TONE, STATUS_TEXT, countsLabel, countsText, diffCardLabel, noHunksText } from './diff-card-text';
import { DiffFileBody } from './diff-file-body';
import type { DiffLayout } from './diff-items';
import { changeCounts } from './diff-rows';
import { useDiffFreshness } from './use-diff-freshness';
import { useWideEnough } from './use-wide-enough';

/** The split view is offered from this card width: two columns of code need the room. */
export const SPLIT_MIN_WIDTH_PX = 1_000;

export interface DiffCardProps {
  view: DiffResultView;
  /** A hunk's link to its file at that line: the shell asks for a read there. */
  onOpenLocation?: (location: CallLocation) => void;
  /** Files as they are now (expand context, "applied" / "changed since" badge); absent in the gallery. */
  fileSource?: FileSource;
}

/** An edit: per file its path, status and +N −M, then its hunks. */
export function DiffCard({ view, onOpenLocation, fileSource }: DiffCardProps) {
  const box = useRef<HTMLDivElement>(null);
  const wide = useWideEnough(box, SPLIT_MIN_WIDTH_PX);
  const [split, setSplit] = useState(false);
  const layout: DiffLayout = split && wide ? 'split' : 'unified';
  const counts = useMemo(() => changeCounts(view.files), [view.files]);
  const hasBidiControls = useMemo(
    () => view.files.some((file) => hasBidiControl(file.path) || (file.oldPath !== undefined && hasBidiControl(file.oldPath)) || file.hunks.some((hunk) => hunk.lines.some(hasBidiControl))),
    [view.files],
  );
  const only = view.files.length === 1 ? view.files[0] : undefined;
  return (
    <CardFrame
      variant="diff"
      label={view.title ?? diffCardLabel(view.files)}
      heading={only ? <PathLabel path={only.path} /> : <span className="tc-diff__files-heading">{diffCardLabel(view.files).replace(/^Edit /, '')}</span>}
      hasBidiControls={hasBidiControls}
      details={
        view.files.length > 0 && (
          <span className="tc-diff__counts" aria-label={countsLabel(counts)}>
            <span className="tc-diff__added">+{formatCount(counts.added)}</span> <span className="tc-diff__removed">−{formatCount(counts.removed)}</span>
          </span>
        )
      }
      actions={
        view.files.length === 0 ? undefined : (
          <>
            {wide && (
              <button type="button" className="tc-card__action" aria-pressed={split} onClick={() => setSplit(!split)} title="old and new side by side">
                Split
              </button>
            )}
            <CopyButton text={() => diffPlainText(view)} label="Copy diff" />
          </>
        )
      }
    >
      <div ref={box} className="tc-diff">
        {view.files.length === 0 ? (
          <p className="tc-diff__empty" role="note">
            The edit changed no file.
          </p>
        ) : (
          view.files.map((file, index) => <DiffFileSection key={`${index}:${file.path}`} file={file} fileIndex={index} layout={layout} fileSource={fileSource} onOpenLocation={onOpenLocation} headed={!only} />)
        )}
      </div>
    </CardFrame>
  );
}

interface DiffFileSectionProps {
  file: DiffFile;
  fileIndex: number;
  layout: DiffLayout;
  fileSource: FileSource | undefined;
  onOpenLocation: DiffCardProps['onOpenLocation'];
  /** Several files: each names its path (one file is named by the card's heading). */
  headed: boolean;
}

function DiffFileSection({ file, fileIndex, layout, fileSource, onOpenLocation, headed }: DiffFileSectionProps) {
  const fileNow = useDiffFreshness(fileSource, file);
  const freshness = fileNow?.freshness;
  // One file: the card's header has its counts already; a 2,000-line diff is not scanned twice on its first render.
  const counts = useMemo(() => (headed ? changeCounts([file]) : undefined), [file, headed]);
  // An empty diff starts no highlight: still warm its language for the cards after it.
  useEffect(() => warmHighlight(file.lang), [file.lang]);
  return (
    <section className="tc-diff__file" aria-label={`${STATUS_TEXT[file.status]} ${file.path}`}>
      <div className="tc-diff__file-header">
        {file.oldPath !== undefined && (
          <>
            <span className="tc-diff__old-path" title="the path before the rename">
              <PathLabel path={file.oldPath} />
            </span>
            <span className="tc-diff__rename-arrow" aria-hidden="true">
              →
            </span>
          </>
        )}
        {(headed || file.oldPath !== undefined) && <PathLabel path={file.path} />}
        <span className={`tc-pill tc-diff__status is-${file.status}`}>{STATUS_TEXT[file.status]}</span>
        {/* One file: its counts are the card's, in the header. */}
        {counts !== undefined && (
          <span className="tc-diff__counts" aria-label={countsLabel(counts)}>
            {countsText(counts)}
          </span>
        )}
        {file.lang !== undefined && <span className="tc-read__lang">{file.lang}</span>}
        {freshness !== undefined && (
          <span className={`tc-pill tc-diff__freshness is-${freshness} ${FRESHNESS_TONE[freshness]}`.trimEnd()} title={FRESHNESS_TITLE[freshness]}>
            {FRESHNESS_TEXT[freshness]}
          </span>
        )}
      </div>
      {file.hunks.length === 0 ? (
        <p className="tc-diff__empty" role="note">
          {noHunksText(file)}
        </p>
      ) : (
        <DiffFileBody file={file} fileIndex={fileIndex} layout={layout} fileSource={fileSource} onOpenLocation={onOpenLocation} totalLinesNow={fileNow?.totalLines} label={`Changes to ${file.path}`} />
      )}
    </section>
  );
}
