import { describe, expect, it } from 'vitest';
import { SIDE_HEAD_LINES, headColoured, sideHead, withHead } from './side-heads';

const line = (text: string) => [{ text }];

describe('sideHead', () => {
  it('is the first lines of a long side, and nothing for a short one', () => {
    const long = Array.from({ length: SIDE_HEAD_LINES * 3 }, (_, index) => `l${index}`);
    expect(sideHead(long)).toEqual(long.slice(0, SIDE_HEAD_LINES));
    expect(sideHead(['a', 'b'])).toEqual([]);
  });
});

describe('withHead', () => {
  it('fills the lines the full window has not coloured yet from the head', () => {
    const full = [undefined, line('b'), undefined, undefined];
    const head = [line('A'), line('B')];
    expect(withHead(full, head)).toEqual([line('A'), line('b'), undefined, undefined]);
  });

  it('is the full window itself once the head adds nothing (a state holding it does not change)', () => {
    const full = [line('a'), line('b'), undefined];
    expect(withHead(full, [line('a')])).toBe(full);
    expect(withHead(full, [])).toBe(full);
  });
});

describe('headColoured', () => {
  it('is true once every line of the head has tokens, and at once for a side without a head', () => {
    expect(headColoured(['a', 'b'], [line('a')])).toBe(false);
    expect(headColoured(['a', 'b'], [line('a'), undefined])).toBe(false);
    expect(headColoured(['a', 'b'], [line('a'), line('b')])).toBe(true);
    expect(headColoured([], [])).toBe(true);
  });
});
