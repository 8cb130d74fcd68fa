import { describe, expect, it } from 'vitest';
import { TimelineScroll, type ScrolledRows } from './timeline-scroll';

/** The virtualizer's numbers as the timeline reads them: rows of given heights in a view. */
class Rows implements ScrolledRows {
  scrollOffset: number | null = 0;
  scrollRect: { height: number } | null;
  measurementsCache: { start: number }[] = [];
  scrolledTo: number[] = [];
  private total = 0;

  constructor(viewport: number, heights: number[] = []) {
    this.scrollRect = { height: viewport };
    this.setHeights(heights);
  }

  setHeights(heights: number[]): void {
    let start = 0;
    this.measurementsCache = heights.map((height) => {
      const row = { start };
      start += height;
      return row;
    });
    this.total = start;
  }

  getTotalSize(): number {
    return this.total;
  }

  scrollToIndex(index: number): void {
    this.scrolledTo.push(index);
  }
}

/** A scroller: an offset the timeline writes, and the person's input as events. */
class Scroller extends EventTarget {
  scrollTop = 0;
}

function setup(viewport = 800, heights: number[] = []) {
  const frames: (() => void)[] = [];
  let nearTop = 0;
  const scroll = new TimelineScroll({
    onNearTop: () => (nearTop += 1),
    requestFrame: (callback) => frames.push(callback),
    cancelFrame: (handle) => {
      frames[handle - 1] = () => {};
    },
  });
  const rows = new Rows(viewport, heights);
  const scroller = new Scroller();
  const detach = scroll.attach(scroller, rows);
  let changes = 0;
  scroll.subscribe(() => (changes += 1));
  /** Runs the frames asked for so far. */
  const nextFrame = () => {
    for (const frame of frames.splice(0)) frame();
  };
  /** The virtualizer reports the scroller at `offset` (a scroll event, or `sync` from a ResizeObserver). */
  const report = (offset: number, sync = false) => {
    rows.scrollOffset = offset;
    scroll.onScrollChange(rows, sync);
  };
  return { scroll, rows, scroller, detach, nextFrame, report, changes: () => changes, nearTop: () => nearTop, frames };
}

describe('TimelineScroll', () => {
  it('follows new rows: the end when the newest fits, its top when it is taller than the view', () => {
    const { scroll, rows, scroller, nextFrame } = setup(800, [500, 500]);
    scroll.newestRowChanged('e1');
    expect(scroller.scrollTop, 'nothing is written inside the commit').toBe(0);
    nextFrame();
    expect(scroller.scrollTop).toBe(200);

    rows.setHeights([500, 500, 2000]);
    scroll.newestRowChanged('e2');
    nextFrame();
    expect(scroller.scrollTop, 'the tall card’s header, not its end').toBe(1000);
    expect(scroll.getView().following).toBe(true);
  });

  it('stops following when the person scrolls up, and Jump to latest follows again', () => {
    const { scroll, rows, scroller, nextFrame, report, changes } = setup(800, [500, 500, 500]);
    scroll.newestRowChanged('e2');
    nextFrame();
    report(700);
    scroller.dispatchEvent(new Event('wheel'));
    const before = changes();
    report(400);
    expect(scroll.getView().following).toBe(false);
    expect(changes() - before, 'one change to draw').toBe(1);

    rows.setHeights([500, 500, 500, 300]);
    scroll.newestRowChanged('e3');
    nextFrame();
    expect(scroller.scrollTop, 'a new row does not pull the view down').toBe(700);

    scroll.jumpToLatest();
    expect(scroll.getView().following).toBe(true);
    nextFrame();
    expect(scroller.scrollTop).toBe(1000);
  });

  it('held at the newest row, rows measured taller move the view with them: at once in a ResizeObserver callback, else in a frame', () => {
    const { scroll, rows, scroller, nextFrame, report, frames } = setup(800, [500, 500]);
    scroll.newestRowChanged('e1');
    nextFrame();
    report(200);
    rows.setHeights([500, 900]);
    report(200, true);
    expect(scroller.scrollTop, 'written before the frame paints').toBe(500);
    expect(frames).toHaveLength(0);

    rows.setHeights([500, 700]);
    report(500);
    expect(scroller.scrollTop).toBe(500);
    nextFrame();
    expect(scroller.scrollTop).toBe(400);
  });

  it('once the person touches the timeline, growth they cause leaves the view where it is', () => {
    const { scroll, rows, scroller, nextFrame, report } = setup(800, [500, 500]);
    scroll.newestRowChanged('e1');
    nextFrame();
    report(200);
    scroller.dispatchEvent(new Event('pointerdown'));
    rows.setHeights([500, 1500]);
    report(200, true);
    nextFrame();
    expect(scroller.scrollTop).toBe(200);
    expect(scroll.getView().following, 'still following: a new row is followed').toBe(true);
  });

  it('a wheel up the browser reports only after the timeline’s own write still stops following (the e2e flake at 390 px)', () => {
    // The view held at 154; the wheel moved it to the top while the grep's result was drawn; the
    // follow write put it at the result's top (723) and the browser added the wheel's -154.
    const { scroll, rows, scroller, nextFrame, report } = setup(627, [627, 154]);
    scroll.newestRowChanged('e1');
    nextFrame();
    report(154);
    rows.setHeights([627, 96, 724]);
    report(154, true);
    expect(scroller.scrollTop).toBe(723);
    report(569);
    scroller.dispatchEvent(new Event('wheel'));
    expect(scroll.getView().following).toBe(false);
    nextFrame();
    expect(scroller.scrollTop).toBe(723);
  });

  it('brings a revealed card to the top once, again when its result replaces the call, and stops following', () => {
    const { scroll, rows, nextFrame, report } = setup(800, [500, 500, 500]);
    scroll.reveal(1, 0, false);
    scroll.reveal(1, 0, false);
    expect(rows.scrolledTo).toEqual([0]);
    scroll.reveal(1, 2, false);
    expect(rows.scrolledTo, 'older pages moved its index: the view stays put').toEqual([0]);
    scroll.reveal(1, 0, true);
    expect(rows.scrolledTo).toEqual([0, 0]);
    scroll.reveal(2, undefined, false);
    expect(rows.scrolledTo, 'not among the rows held').toEqual([0, 0]);

    report(0);
    rows.setHeights([500, 500, 500, 500]);
    scroll.newestRowChanged('e3');
    nextFrame();
    expect(scroll.getView().following).toBe(false);
  });

  it('says when the view is near the top of what is loaded', () => {
    const { scroll, nearTop, report } = setup(800, Array.from({ length: 20 }, () => 500));
    report(6000);
    expect(scroll.getView().nearTop).toBe(false);
    report(1500);
    expect(scroll.getView().nearTop).toBe(true);
    expect(nearTop()).toBe(1);
  });

  it('no rows (another session opens): its rows are followed, wherever the last was scrolled to', () => {
    const { scroll, scroller, nextFrame, report, rows } = setup(800, [500, 500, 500]);
    report(700);
    scroller.dispatchEvent(new Event('wheel'));
    report(100);
    expect(scroll.getView().following).toBe(false);
    scroll.newestRowChanged(undefined);
    expect(scroll.getView().following).toBe(true);
    rows.setHeights([600, 600]);
    scroll.newestRowChanged('e1');
    nextFrame();
    expect(scroller.scrollTop).toBe(400);
  });

  it('let go of, it writes nothing more and hears no more input', () => {
    const { scroll, scroller, nextFrame, detach } = setup(800, [500, 500]);
    scroll.newestRowChanged('e1');
    detach();
    nextFrame();
    expect(scroller.scrollTop).toBe(0);
  });
});
