import { describe, expect, it } from 'vitest';
import { rangeEndName } from './export-range-ends';

describe('rangeEndName', () => {
  const picked = { seq: 12, label: 'Read src/a.ts' };

  it('names the card chosen while the field holds its seq', () => {
    expect(rangeEndName(12, picked, 'start')).toBe('#12 Read src/a.ts');
  });

  it('is the bare seq once the field says another, and the session edge when empty', () => {
    expect(rangeEndName(13, picked, 'start')).toBe('#13');
    expect(rangeEndName(40, undefined, 'end')).toBe('#40');
    expect(rangeEndName(undefined, picked, 'start')).toBe("the session's start");
    expect(rangeEndName(undefined, undefined, 'end')).toBe("the session's end");
  });
});
