import { memo, useEffect, useState } from 'react';
import { estimateRowHeight } from './estimate-row-height';
import { holdMountsWhileFlung, type FlingHoldOptions } from './fling-hold';
import { RowMountQueue } from './row-mount-queue';
import type { TimelineRow } from '../model/timeline-row';
import { TimelineRowView } from './timeline-row-view';

/** `.timeline__row`'s vertical padding (app.css): the estimate counts it, the placeholder sits inside it. */
const ROW_PADDING_PX = 12;
/** Card bodies mounted per frame: a screenful of new cards in one frame was a stream's longest task. */
const BODIES_PER_FRAME = 2;
/** A second body joins a frame's first only if their estimated heights together are within this (two read cards of 20 lines are not). */
const BODY_PX_PER_FRAME = 700;

const bodies = new RowMountQueue(BODIES_PER_FRAME, undefined, BODY_PX_PER_FRAME);

/** The timeline's scroller: flinging it holds the cards back until it slows (fling-hold.ts). */
export function holdCardsWhileFlung(scroller: HTMLElement, options: FlingHoldOptions): () => void {
  return holdMountsWhileFlung(scroller, bodies, options);
}

/**
 * A row's card, mounted after the row's first frame. The row itself (placed, measured)
 * comes with whatever render brought it into view — often a scroll's, which React does not
 * slice — holding its estimated height; its card (Markdown, a read card and its virtual
 * rows) follows a frame or more later, a couple of cards per frame.
 */
export const DeferredRowView = memo(function DeferredRowView({ row }: { row: TimelineRow }) {
  const [mounted, setMounted] = useState(false);
  // A plain update, not a transition: transitions wait behind every other one (the timeline's
  // stream keeps starting them), and two card bodies are a small render anyway. Asked once,
  // weighed by the row's estimate then.
  useEffect(() => bodies.request(() => setMounted(true), estimateRowHeight(row)), []);
  if (mounted) return <TimelineRowView row={row} />;
  return <div className="timeline__placeholder" style={{ height: Math.max(0, estimateRowHeight(row) - ROW_PADDING_PX) }} aria-hidden="true" />;
});
