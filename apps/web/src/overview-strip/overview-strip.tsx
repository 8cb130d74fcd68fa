import { memo, useEffect, useMemo, useRef, useState, useSyncExternalStore, type KeyboardEvent, type MouseEvent } from 'react';
import type { Pin } from '@toolcards/protocol';
import { rowIndexForSeq } from '../model/row-index-for-seq';
import { CALL_KINDS, callCountsText, type CallKind } from '../navigator/call-kind';
import type { OutlineTurn } from '../navigator/outline-from-rows';
import type { SessionMap } from '../navigator/use-session-map';
import { rowAt, rowTop, stripMarks, viewportBand, type StripMark } from './strip-marks';
import { findHitRows, subscribeFindHitRows } from './strip-find-hits';
import './overview-strip.css';

export interface OverviewStripProps {
  map: SessionMap;
  pins: readonly Pin[];
  /** A pin's mark was chosen: its card's permalink is opened. */
  onOpenPin(pin: Pin): void;
}

/**
 * A thin picture of the whole session along the timeline's edge: one mark per call (merged per
 * 2 px when they do not fit) coloured by its card, the rows on screen as a band, pins as ticks.
 * The marks are drawn on one canvas; what a keyboard or a screen reader needs is one button per
 * turn (roving: ↑/↓ between them, Enter jumps) and one per pin. A click jumps to the call under it.
 */
export function OverviewStrip({ map, pins, onOpenPin }: OverviewStripProps) {
  const { rows, outline, onScreen, currentTurn, goToRow } = map;
  const boxRef = useRef<HTMLDivElement>(null);
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const height = useBoxHeight(boxRef);
  const theme = useThemeSerial();
  const marks = useMemo(() => stripMarks(rows, height), [rows, height]);
  const [focusedTurn, setFocusedTurn] = useState<number | undefined>(undefined);
  const hitRows = useSyncExternalStore(subscribeFindHitRows, findHitRows);

  useEffect(() => {
    const canvas = canvasRef.current;
    if (canvas) drawMarks(canvas, marks, height, hitTops(hitRows, rows.length, height));
  }, [marks, height, theme, hitRows, rows.length]);

  const band = onScreen === undefined ? undefined : viewportBand(onScreen.first, onScreen.last, rows.length, height);
  const pinMarks = useMemo(
    () =>
      pins.flatMap((pin) => {
        const index = rowIndexForSeq(rows, pin.seq);
        return index === undefined ? [] : [{ pin, top: rowTop(index, rows.length, height) }];
      }),
    [pins, rows, height],
  );
  const tabTurn = focusedTurn ?? currentTurn ?? 0;

  const onClick = (event: MouseEvent<HTMLDivElement>) => {
    if (event.target !== canvasRef.current || rows.length === 0) return;
    const y = event.clientY - event.currentTarget.getBoundingClientRect().top;
    const mark = marks.find((candidate) => y >= candidate.top && y < candidate.top + Math.max(candidate.height, 2));
    goToRow(mark?.firstRow ?? rowAt(y, rows.length, height));
  };

  const onTurnKey = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key !== 'ArrowDown' && event.key !== 'ArrowUp') return;
    event.preventDefault();
    const next = Math.min(outline.turns.length - 1, Math.max(0, tabTurn + (event.key === 'ArrowDown' ? 1 : -1)));
    setFocusedTurn(next);
    boxRef.current?.querySelector<HTMLElement>(`[data-strip-turn="${next}"]`)?.focus();
  };

  return (
    <nav className="strip" aria-label="Session overview" data-testid="overview-strip" data-marks={marks.length} data-rows={rows.length} data-find-hits={hitRows.length}>
      <div ref={boxRef} className="strip__box" onClick={onClick}>
        <canvas ref={canvasRef} className="strip__canvas" aria-hidden="true" />
        {band !== undefined && <div className="strip__viewport" data-testid="strip-viewport" aria-hidden="true" style={{ top: band.top, height: band.height }} />}
        <div className="strip__turns" role="group" aria-label="Turns" onKeyDown={onTurnKey} onBlur={() => setFocusedTurn(undefined)}>
          <StripTurns turns={outline.turns} rowCount={rows.length} height={height} tabTurn={tabTurn} currentTurn={currentTurn} onFocusTurn={setFocusedTurn} goToRow={goToRow} />
        </div>
        {pinMarks.map(({ pin, top }) => (
          <button key={pin.seq} type="button" className="strip__pin" style={{ top }} aria-label={`Pinned: ${pin.label}`} title={`Pinned: ${pin.label}`} onClick={() => onOpenPin(pin)} />
        ))}
      </div>
    </nav>
  );
}

interface StripTurnsProps {
  turns: readonly OutlineTurn[];
  rowCount: number;
  height: number;
  tabTurn: number;
  currentTurn: number | undefined;
  onFocusTurn(turn: number): void;
  goToRow(index: number): void;
}

/**
 * One button per turn over the marks. Memoized: the rows on screen change many times a second
 * while scrolling (the band), the turns' buttons only when the current turn does.
 */
const StripTurns = memo(function StripTurns({ turns, rowCount, height, tabTurn, currentTurn, onFocusTurn, goToRow }: StripTurnsProps) {
  return turns.map((turn, index) => {
    const top = rowTop(turn.firstRow, rowCount, height);
    const bottom = rowTop(turn.firstRow + turn.rowCount, rowCount, height);
    return (
      <button
        key={turn.key}
        type="button"
        className="strip__turn"
        data-strip-turn={index}
        tabIndex={index === tabTurn ? 0 : -1}
        aria-current={index === currentTurn ? 'location' : undefined}
        aria-label={`Turn ${index + 1}: ${turn.prompt ?? 'before the first prompt'}, ${callCountsText(turn.calls, turn.kinds)}`}
        style={{ top, height: Math.max(2, bottom - top) }}
        onFocus={() => onFocusTurn(index)}
        onClick={() => goToRow(turn.firstRow)}
      />
    );
  });
});

/** The box's height from a ResizeObserver (no layout read in render or commit). */
function useBoxHeight(ref: React.RefObject<HTMLDivElement | null>): number {
  const [height, setHeight] = useState(0);
  useEffect(() => {
    const box = ref.current;
    if (!box || typeof ResizeObserver !== 'function') return undefined;
    const observer = new ResizeObserver(([entry]) => {
      if (entry) setHeight(Math.round(entry.contentRect.height));
    });
    observer.observe(box);
    return () => observer.disconnect();
  }, [ref]);
  return height;
}

/** Changes when the page's theme does (the toggle's data-theme, or the system's scheme): the marks are drawn again in its colours. */
function useThemeSerial(): number {
  const [serial, setSerial] = useState(0);
  useEffect(() => {
    const bump = () => setSerial((value) => value + 1);
    const observer = typeof MutationObserver === 'function' ? new MutationObserver(bump) : undefined;
    observer?.observe(document.documentElement, { attributes: true, attributeFilter: ['data-theme'] });
    const scheme = typeof window.matchMedia === 'function' ? window.matchMedia('(prefers-color-scheme: dark)') : undefined;
    scheme?.addEventListener('change', bump);
    return () => {
      observer?.disconnect();
      scheme?.removeEventListener('change', bump);
    };
  }, []);
  return serial;
}

/** The strip's pixel rows holding a find hit (one tick per pixel row, however many hits fall there). */
function hitTops(rows: readonly number[], rowCount: number, height: number): number[] {
  const tops: number[] = [];
  for (const row of rows) {
    const top = Math.floor(rowTop(row, rowCount, height));
    if (tops.at(-1) !== top) tops.push(top);
  }
  return tops;
}

/** Paints the marks: one fillRect each, in the kinds' colours from the page's CSS variables (navigator.css); find hits as ticks over them. */
function drawMarks(canvas: HTMLCanvasElement, marks: readonly StripMark[], height: number, hits: readonly number[]): void {
  const context = typeof canvas.getContext === 'function' ? canvas.getContext('2d') : null;
  if (!context) return;
  const ratio = window.devicePixelRatio || 1;
  const width = STRIP_MARK_WIDTH;
  canvas.width = Math.round(width * ratio);
  canvas.height = Math.max(1, Math.round(height * ratio));
  context.setTransform(ratio, 0, 0, ratio, 0, 0);
  context.clearRect(0, 0, width, height);
  const style = getComputedStyle(canvas);
  const colours = {} as Record<CallKind, string>;
  for (const kind of CALL_KINDS) colours[kind] = style.getPropertyValue(`--tc-kind-${kind}`).trim() || '#8c959f';
  for (const mark of marks) {
    context.fillStyle = colours[mark.kind];
    // A 1 px gap between marks of their own slot keeps neighbours apart where there is room.
    context.fillRect(0, mark.top, width, mark.height > 3 ? mark.height - 1 : mark.height);
  }
  // Find's hits: a tick across the strip in the find marks' colour, edged so it shows on any kind.
  if (hits.length === 0) return;
  const hit = style.getPropertyValue('--tc-mark-bg').trim() || '#ffdf5d';
  const edge = style.getPropertyValue('--tc-card-fg').trim() || '#1f2328';
  for (const top of hits) {
    context.fillStyle = edge;
    context.fillRect(0, top - 1, width, 4);
    context.fillStyle = hit;
    context.fillRect(1, top, width - 2, 2);
  }
}

/** The canvas's drawn width in CSS px (overview-strip.css gives the box its width). */
const STRIP_MARK_WIDTH = 10;
