/** The timeline rows on screen, by the seqs their slots carry (`data-seq`). */
export interface VisibleSeqs {
  first: number;
  last: number;
}

/**
 * Which timeline rows are on screen, told by an IntersectionObserver on the timeline's row
 * slots (asynchronous, after layout: nothing here reads layout). The timeline is watched from
 * outside: `attach` is given the element around it, and three child-list observers (no subtree:
 * a card's own DOM changes never reach them) follow the timeline, its scroller's canvas and the
 * rows the virtualizer mounts and unmounts.
 */
export class VisibleRows {
  private visible: VisibleSeqs | null = null;
  private readonly listeners = new Set<() => void>();
  private readonly onScreen = new Set<number>();
  private notifying: ReturnType<typeof setTimeout> | undefined;

  readonly subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  readonly getSnapshot = (): VisibleSeqs | null => this.visible;

  /** Starts watching the timeline inside `around`; the returned function stops. */
  attach(around: Element): () => void {
    if (typeof IntersectionObserver !== 'function' || typeof MutationObserver !== 'function') return () => {};
    let intersections: IntersectionObserver | null = null;
    let scroller: Element | null = null;
    let canvas: Element | null = null;
    const rowsWatch = new MutationObserver((records) => {
      for (const record of records) {
        record.addedNodes.forEach((node) => {
          if (node instanceof Element && node.classList.contains('timeline__row')) intersections?.observe(node);
        });
        record.removedNodes.forEach((node) => {
          if (!(node instanceof Element)) return;
          intersections?.unobserve(node);
          const seq = seqOf(node);
          if (seq !== undefined && this.onScreen.delete(seq)) this.changed();
        });
      }
    });
    const watchCanvas = () => {
      const next = scroller?.querySelector(':scope > .timeline__canvas') ?? null;
      if (next === canvas) return;
      canvas = next;
      rowsWatch.disconnect();
      if (canvas === null) return;
      rowsWatch.observe(canvas, { childList: true });
      for (const row of canvas.querySelectorAll(':scope > .timeline__row')) intersections?.observe(row);
    };
    const canvasWatch = new MutationObserver(watchCanvas);
    const watchTimeline = () => {
      const next = around.querySelector('.timeline__scroller');
      if (next === scroller) return;
      scroller = next;
      intersections?.disconnect();
      canvasWatch.disconnect();
      canvas = null;
      this.onScreen.clear();
      this.changed();
      if (scroller === null) return;
      // A row only touching an edge (the one above a row jumped to the top) is not on screen.
      intersections = new IntersectionObserver((entries) => this.intersected(entries), { root: scroller, rootMargin: '-4px 0px -4px 0px' });
      canvasWatch.observe(scroller, { childList: true });
      watchCanvas();
    };
    const timelineWatch = new MutationObserver(watchTimeline);
    timelineWatch.observe(around, { childList: true });
    watchTimeline();
    return () => {
      timelineWatch.disconnect();
      canvasWatch.disconnect();
      rowsWatch.disconnect();
      intersections?.disconnect();
    };
  }

  private intersected(entries: readonly IntersectionObserverEntry[]): void {
    let changed = false;
    for (const entry of entries) {
      const seq = seqOf(entry.target);
      if (seq === undefined) continue;
      changed = (entry.isIntersecting ? !this.onScreen.has(seq) && Boolean(this.onScreen.add(seq)) : this.onScreen.delete(seq)) || changed;
    }
    if (changed) this.changed();
  }

  private changed(): void {
    let first = Infinity;
    let last = -Infinity;
    for (const seq of this.onScreen) {
      if (seq < first) first = seq;
      if (seq > last) last = seq;
    }
    const next = this.onScreen.size === 0 ? null : { first, last };
    if (next?.first === this.visible?.first && next?.last === this.visible?.last) return;
    this.visible = next;
    // Told in a task of its own: the observer's callback runs inside the frame, and the outline's
    // and the strip's render (synchronous, from useSyncExternalStore) made that frame's task longer.
    this.notifying ??= setTimeout(() => {
      this.notifying = undefined;
      for (const listener of this.listeners) listener();
    }, 0);
  }
}

function seqOf(element: Element): number | undefined {
  const value = element.getAttribute('data-seq');
  if (value === null) return undefined;
  const seq = Number(value);
  return Number.isSafeInteger(seq) ? seq : undefined;
}
