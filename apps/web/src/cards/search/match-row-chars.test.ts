import { describe, expect, it } from 'vitest';
import { clipLine } from './clip-line';
import { matchRowChars } from './match-row-chars';

describe('matchRowChars', () => {
  it('gives a phone-wide list (342 px) the ~33 characters its rows show', () => {
    expect(matchRowChars(342, 160)).toBe(33);
  });

  it('keeps the preview budget on a wide list', () => {
    expect(matchRowChars(1000, 160)).toBe(118);
    expect(matchRowChars(2400, 160)).toBe(160);
  });

  it('never goes under the least context a match needs, and keeps the budget when the width is unknown', () => {
    expect(matchRowChars(120, 160)).toBe(24);
    expect(matchRowChars(0, 160)).toBe(160);
    expect(matchRowChars(Number.NaN, 160)).toBe(160);
  });

  it('clips a short line whose match sits past what a phone row shows, so the match is in the text', () => {
    const line = 'const [user, setUser] = React.useState(null);';
    const at = line.indexOf('useState');
    const clipped = clipLine(line, [[at, at + 8]], matchRowChars(342, 160));
    expect(clipped.text.length).toBeLessThanOrEqual(33);
    const [start, end] = clipped.ranges[0]!;
    expect(clipped.text.slice(start, end)).toBe('useState');
  });
});
