import { describe, expect, it } from 'vitest';
import { followsAfterScroll, isNearBottom } from './followBottom';

describe('following the bottom', () => {
  const at = (scrollTop: number) => ({ scrollTop, scrollHeight: 2000, clientHeight: 500 });

  it('knows the bottom, with a little slack', () => {
    expect(isNearBottom(at(1500))).toBe(true);
    expect(isNearBottom(at(1460))).toBe(true);
    expect(isNearBottom(at(1400))).toBe(false);
    expect(isNearBottom(at(1499), 0)).toBe(false);
    expect(isNearBottom({ scrollTop: 0, scrollHeight: 300, clientHeight: 500 })).toBe(true);
  });

  it('stops following when the user scrolls up, and starts again at the bottom', () => {
    expect(followsAfterScroll(true, 1500, at(1200), true)).toBe(false);
    expect(followsAfterScroll(false, 1200, at(1300), true)).toBe(false);
    expect(followsAfterScroll(false, 1300, at(1500), true)).toBe(true);
    expect(followsAfterScroll(false, 1300, at(1500), false)).toBe(true);
  });

  it('keeps following when content grows beneath or the virtualizer moves the position', () => {
    expect(followsAfterScroll(true, 1500, { scrollTop: 1500, scrollHeight: 2600, clientHeight: 500 }, false)).toBe(true);
    expect(followsAfterScroll(true, 1500, at(1380), false)).toBe(true);
  });
});
