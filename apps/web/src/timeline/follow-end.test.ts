import { describe, expect, it } from 'vitest';
import { FOLLOWING_FROM_TOP, followAfterScroll, virtualDistanceFromEnd } from './follow-end';

describe('followAfterScroll', () => {
  it('follows from the start, and keeps the same state when the offset did not move', () => {
    expect(FOLLOWING_FROM_TOP.following).toBe(true);
    expect(followAfterScroll(FOLLOWING_FROM_TOP, 0, 500, 8)).toBe(FOLLOWING_FROM_TOP);
  });

  it('stops following on a scroll up short of the end, and follows again at the end', () => {
    const up = followAfterScroll({ following: true, offset: 1000 }, 900, 100, 8);
    expect(up).toEqual({ following: false, offset: 900 });
    expect(followAfterScroll(up, 995, 5, 8)).toEqual({ following: true, offset: 995 });
  });

  it('keeps following on a scroll down that the arriving rows outran', () => {
    expect(followAfterScroll({ following: true, offset: 1000 }, 1400, 600, 8)).toEqual({ following: true, offset: 1400 });
  });

  it('does not start following on a scroll down short of the end', () => {
    expect(followAfterScroll({ following: false, offset: 100 }, 300, 600, 8)).toEqual({ following: false, offset: 300 });
  });

  it('follows when the end came to the view: content that shrank, or a scroll up that is still at the end', () => {
    expect(followAfterScroll({ following: true, offset: 1000 }, 900, 0, 8)).toEqual({ following: true, offset: 900 });
  });
});

describe('virtualDistanceFromEnd', () => {
  it('is what lies below the view, never negative', () => {
    expect(virtualDistanceFromEnd(5000, 800, 1000)).toBe(3200);
    expect(virtualDistanceFromEnd(500, 800, 0)).toBe(0);
  });
});
