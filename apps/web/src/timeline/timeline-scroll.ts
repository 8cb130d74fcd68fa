import { FOLLOWING_FROM_TOP, followAfterScroll, followTarget, holdAtNewest, releaseHold, virtualDistanceFromEnd, wroteOffset, type FollowState } from './follow-end';

/** Closer to the top than this many viewports asks for the older page. */
export const LOAD_OLDER_VIEWPORTS = 2;
/** Within this many pixels of the end counts as "at the end": new rows are followed. */
export const AT_END_PX = 8;

/** What the timeline's scroll reads of its virtualizer: its own numbers, never the DOM's. */
export interface ScrolledRows {
  getTotalSize(): number;
  scrollOffset: number | null;
  scrollRect: { height: number } | null;
  measurementsCache: readonly { start: number }[];
  scrollToIndex(index: number, options: { align: 'start' }): void;
}

/** The scroller as far as following needs it: its offset to write, and the person's input on it. */
export interface TimelineScroller {
  scrollTop: number;
  addEventListener(type: string, listener: () => void, options?: AddEventListenerOptions): void;
  removeEventListener(type: string, listener: () => void): void;
}

/** What the timeline draws from its scroll: the "Jump to latest" strip and "Loading earlier events". */
export interface TimelineScrollView {
  following: boolean;
  /** The view is near the top of what is loaded. */
  nearTop: boolean;
}

export interface TimelineScrollOptions {
  /** The view came near the top of what is loaded (the older page may be asked for). */
  onNearTop: () => void;
  /** The next frame, where the layout a scroll write needs is the frame's own. */
  requestFrame?: (callback: () => void) => number;
  cancelFrame?: (handle: number) => void;
}

/** The person's own input in the timeline: it ends the hold at the newest row. */
const INPUT_EVENTS = ['wheel', 'touchstart', 'pointerdown', 'keydown'] as const;

/**
 * The timeline's scroll, framework-free (React holds it through `useTimelineScroll`): it
 * follows the end as new rows arrive (follow-end.ts has the rule), stops where the person
 * scrolls, and brings a revealed card into view. It reads the virtualizer's numbers only and
 * writes the scroller's offset in a frame (or in a ResizeObserver callback, before the paint):
 * no render or commit reads layout.
 */
export class TimelineScroll {
  private follow: FollowState = FOLLOWING_FROM_TOP;
  private view: TimelineScrollView = { following: true, nearTop: false };
  private readonly listeners = new Set<() => void>();
  private scroller: TimelineScroller | null = null;
  private rows: ScrolledRows | null = null;
  private frame: number | undefined;
  /** The reveal last scrolled to, as `serial:hasResult`: each is scrolled to once. */
  private revealed = '';
  private readonly requestFrame: (callback: () => void) => number;
  private readonly cancelFrame: (handle: number) => void;

  constructor(private readonly options: TimelineScrollOptions) {
    this.requestFrame = options.requestFrame ?? ((callback) => requestAnimationFrame(callback));
    this.cancelFrame = options.cancelFrame ?? ((handle) => cancelAnimationFrame(handle));
  }

  /** For `useSyncExternalStore`: the view object changes only when what it says changes. */
  readonly subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  readonly getView = (): TimelineScrollView => this.view;

  /** Connects the scroller and its virtualizer; the returned function lets go of both. */
  attach(scroller: TimelineScroller, rows: ScrolledRows): () => void {
    this.scroller = scroller;
    this.rows = rows;
    const release = () => {
      this.follow = releaseHold(this.follow);
    };
    for (const type of INPUT_EVENTS) scroller.addEventListener(type, release, { passive: true });
    return () => {
      for (const type of INPUT_EVENTS) scroller.removeEventListener(type, release);
      if (this.frame !== undefined) this.cancelFrame(this.frame);
      this.frame = undefined;
      this.scroller = null;
    };
  }

  /**
   * The virtualizer's `onChange`: whether the view follows the end (and, held there, the target
   * moved: rows measured taller), and whether it came near the top of what is loaded. `sync`: in
   * a ResizeObserver callback, where a write lands before this frame paints (a result replacing
   * its call shows at its place at once, never a frame scrolled past it).
   */
  readonly onScrollChange = (rows: ScrolledRows, sync: boolean): void => {
    this.rows = rows;
    const viewport = rows.scrollRect?.height ?? 0;
    const offset = rows.scrollOffset ?? 0;
    const total = rows.getTotalSize();
    this.follow = followAfterScroll(this.follow, { offset, total, distanceFromEnd: virtualDistanceFromEnd(total, viewport, offset) }, AT_END_PX);
    if (this.follow.following && this.follow.holding) {
      const target = followTargetOf(rows);
      if (Math.abs(target - offset) > 1) {
        if (sync && this.scroller) this.write(target);
        else this.followEnd();
      }
    }
    const nearTop = viewport > 0 && offset < LOAD_OLDER_VIEWPORTS * viewport;
    this.publish({ following: this.follow.following, nearTop });
    if (nearTop) this.options.onNearTop();
  };

  /**
   * The newest row changed (`undefined`: no rows, another session opens). Following, the view
   * goes to it and holds there while it settles; no rows, the next rows are followed, wherever
   * the last session was scrolled to.
   */
  newestRowChanged(newestKey: string | undefined): void {
    if (newestKey === undefined) {
      this.follow = FOLLOWING_FROM_TOP;
      this.publish({ ...this.view, following: true });
    } else if (this.follow.following) {
      this.follow = holdAtNewest(this.follow);
      this.followEnd();
    }
  }

  /** "Jump to latest", or the person sent something: the end again, followed from there. */
  readonly jumpToLatest = (): void => {
    this.follow = holdAtNewest(this.follow);
    this.publish({ ...this.view, following: true });
    this.followEnd();
  };

  /**
   * A click-through read or a linked card: its row at the top (again when its result replaces
   * the call). Not again for the same reveal when older pages move its index: anchored to the
   * end, the view stays put by itself, and a person who scrolled away since is not pulled back.
   */
  reveal(serial: number | undefined, rowIndex: number | undefined, hasResult: boolean): void {
    const key = `${serial}:${hasResult}`;
    if (rowIndex === undefined || this.revealed === key) return;
    this.revealed = key;
    // The card is what the person asked to see: the end is no longer followed (until scrolled to).
    this.follow = { ...this.follow, following: false, holding: false };
    this.rows?.scrollToIndex(rowIndex, { align: 'start' });
  }

  /**
   * A scroll to the follow target in the next frame. A plain write, not the virtualizer's
   * `scrollToEnd`: that one re-reads the scroller's height in every commit until the scroll
   * lands, and while rows stream in it keeps chasing a moving end.
   */
  private followEnd(): void {
    if (this.frame !== undefined) return;
    this.frame = this.requestFrame(() => {
      this.frame = undefined;
      if (this.follow.following && this.scroller && this.rows) this.write(followTargetOf(this.rows));
    });
  }

  private write(target: number): void {
    this.follow = wroteOffset(this.follow, target);
    this.scroller!.scrollTop = target;
  }

  private publish(next: TimelineScrollView): void {
    if (next.following === this.view.following && next.nearTop === this.view.nearTop) return;
    this.view = next;
    for (const listener of this.listeners) listener();
  }
}

/** Where following puts the view now: the end, or the newest row's top when it does not fit. */
function followTargetOf(rows: ScrolledRows): number {
  const newestStart = rows.measurementsCache[rows.measurementsCache.length - 1]?.start ?? 0;
  return followTarget(rows.getTotalSize(), rows.scrollRect?.height ?? 0, newestStart);
}
