import { describe, expect, it } from 'vitest';
import { FLING_PX_PER_S, ScrollPace } from './scroll-pace';

const VIEWPORT = 900;

/** Positions every `frameMs` at `pxPerS`, from `top`; the last answer. */
function scrollAt(pace: ScrollPace, pxPerS: number, frames: number, frameMs = 16, start = 0): boolean {
  let fling = false;
  for (let frame = 0; frame < frames; frame += 1) fling = pace.note(start + frame * frameMs, (frame * frameMs * pxPerS) / 1000, VIEWPORT);
  return fling;
}

describe('ScrollPace', () => {
  it('calls a steady scroll at 3,000 px/s a fling, from its third position', () => {
    const pace = new ScrollPace();
    expect(pace.note(0, 0, VIEWPORT)).toBe(false);
    expect(pace.note(16, 48, VIEWPORT)).toBe(false);
    expect(pace.note(32, 96, VIEWPORT)).toBe(true);
    expect(scrollAt(new ScrollPace(), 3_000, 30)).toBe(true);
  });

  it('does not call reading speed a fling, nor a fling at a few frames a second', () => {
    expect(scrollAt(new ScrollPace(), 600, 60)).toBe(false);
    expect(scrollAt(new ScrollPace(), FLING_PX_PER_S - 100, 60)).toBe(false);
    // A loaded page: at 10 or 5 frames a second it is still a fling.
    expect(scrollAt(new ScrollPace(), 3_000, 10, 100)).toBe(true);
    expect(scrollAt(new ScrollPace(), 3_000, 10, 200)).toBe(true);
  });

  it('ends the fling once the scroll slows', () => {
    const pace = new ScrollPace();
    expect(scrollAt(pace, 3_000, 30)).toBe(true);
    let fling = true;
    for (let frame = 1; frame <= 30; frame += 1) fling = pace.note(30 * 16 + frame * 16, 1_440 + frame * 4, VIEWPORT);
    expect(fling).toBe(false);
  });

  it('never calls a jump (a turn, a permalink) and the corrections after it a fling', () => {
    const pace = new ScrollPace();
    expect(pace.note(0, 0, VIEWPORT)).toBe(false);
    expect(pace.note(16, 40_000, VIEWPORT)).toBe(false);
    expect(pace.note(32, 40_060, VIEWPORT)).toBe(false);
    expect(pace.note(48, 40_020, VIEWPORT)).toBe(false);
  });
});
