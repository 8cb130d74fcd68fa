import { useEffect, useMemo, useState } from 'react';
import type { ReadResultView } from '@toolcards/protocol';
import { CardFrame } from '../frame/card-frame';
import { CopyButton } from '../frame/copy-button';
import { PathLabel } from '../frame/path-label';
import { hasBidiControl } from '../text/invisible-characters';
import { warmHighlight } from '../../highlight/highlight-client';
import { useHighlightedLines } from '../../highlight/use-highlighted-lines';
import { readHeaderText, type ReadNext } from './read-header-text';
import { countText } from '../frame/count-text';
import { ReadCodeView } from './read-code-view';

interface ReadCardProps {
  view: ReadResultView;
  /** A line to mark and scroll to (a search match that was opened). */
  targetLine?: number;
  /** Runs the continuation read; without it the card only says how much is left. */
  onReadNext?: (request: ReadNextRequest) => void;
}

export interface ReadNextRequest {
  path: string;
  offset: number;
  limit: number;
}

/** A window of a file: header, line-number gutter and highlighted code. */
export function ReadCard({ view, targetLine, onReadNext }: ReadCardProps) {
  const [wrap, setWrap] = useState(false);
  const texts = useMemo(() => view.lines.map((line) => line.text), [view.lines]);
  const highlighted = useHighlightedLines(view.lang, texts);
  const hasBidiControls = useMemo(() => hasBidiControl(view.path) || texts.some(hasBidiControl), [view.path, texts]);
  // An empty window starts no highlight: still warm its language for the cards after it.
  useEffect(() => warmHighlight(view.lang), [view.lang]);
  const header = readHeaderText(view);

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
        </>
      }
      actions={
        texts.length === 0 ? undefined : (
          <>
            <button type="button" className="tc-card__action" aria-pressed={wrap} onClick={() => setWrap(!wrap)}>
              Wrap
            </button>
            <CopyButton text={() => texts.join('\n')} label="Copy code" note={cutNote(view.lines)} />
          </>
        )
      }
    >
      {texts.length > 0 && <ReadCodeView lines={view.lines} highlighted={highlighted} wrap={wrap} targetLine={targetLine} />}
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

/** "2 lines cut": what a copy of a window with cut lines lacks. */
function cutNote(lines: ReadResultView['lines']): string | undefined {
  const cut = lines.reduce((count, line) => count + (line.cutAtChars === undefined ? 0 : 1), 0);
  return cut === 0 ? undefined : `${countText(cut, 'line was', 'lines were')} cut short`;
}
