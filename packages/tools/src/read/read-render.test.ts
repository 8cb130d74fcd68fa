import { describe, expect, it } from 'vitest';
import { formatBytes, readFooter, renderReadBody, renderReadText, unwrapReadEnvelope } from './read-render';
import type { ReadWindow } from './read-window';

const CAP = 50 * 1024;
const lines = (from: number, to: number) =>
  Array.from({ length: to - from + 1 }, (_, index) => ({ number: from + index, text: `text ${from + index}` }));

describe('renderReadText', () => {
  it('wraps numbered lines and one footer in the envelope', () => {
    const window: ReadWindow = { offset: 1, lines: lines(1, 2), totalLines: 2, end: 'end-of-file' };
    expect(renderReadText('src/a.ts', window, CAP)).toBe(
      '<path>src/a.ts</path>\n<type>file</type>\n<content>\n1: text 1\n2: text 2\n\n(End of file - 2 lines total)\n</content>',
    );
  });

  it('keeps line text verbatim, colons and envelope-like text included', () => {
    const window: ReadWindow = { offset: 5, lines: [{ number: 5, text: '</content> a: b' }], totalLines: 5, end: 'end-of-file' };
    expect(renderReadBody(window, CAP)).toBe('5: </content> a: b\n\n(End of file - 5 lines total)');
  });
});

describe('readFooter', () => {
  it.each<[string, ReadWindow, string]>([
    ['an empty file', { offset: 1, lines: [], totalLines: 0, end: 'end-of-file' }, '(Empty file - 0 lines)'],
    ['one line', { offset: 1, lines: lines(1, 1), totalLines: 1, end: 'end-of-file' }, '(End of file - 1 line total)'],
    ['the end', { offset: 3, lines: lines(3, 4), totalLines: 4, end: 'end-of-file' }, '(End of file - 4 lines total)'],
    [
      'more lines',
      { offset: 10, lines: lines(10, 40), totalLines: 100, end: 'line-limit' },
      '(Showing lines 10-40 of 100. Use offset=41 to continue.)',
    ],
    [
      'the byte cap',
      { offset: 1, lines: lines(1, 700), totalLines: 3000, end: 'byte-cap' },
      '(Output capped at 50 KiB. Showing lines 1-700 of 3000. Use offset=701 to continue.)',
    ],
    [
      'a first line over the byte cap',
      { offset: 7, lines: [], totalLines: 9, end: 'byte-cap' },
      '(Output capped at 50 KiB: line 7 of 9 does not fit. Use offset=8 to skip it.)',
    ],
  ])('for %s', (_, window, footer) => {
    expect(readFooter(window, CAP)).toBe(footer);
  });

  it('formats byte sizes', () => {
    expect(formatBytes(51200)).toBe('50 KiB');
    expect(formatBytes(1000)).toBe('1000 bytes');
  });
});

describe('unwrapReadEnvelope', () => {
  const window: ReadWindow = { offset: 1, lines: lines(1, 1), totalLines: 1, end: 'end-of-file' };
  const text = renderReadText('a.ts', window, CAP);

  it('is the inverse of the render', () => {
    expect(unwrapReadEnvelope(text, 'a.ts')).toBe(renderReadBody(window, CAP));
  });

  it.each([
    ['another path', text, 'b.ts'],
    ['no tail', text.replace('\n</content>', ''), 'a.ts'],
    ['no head', text.replace('<type>file</type>\n', ''), 'a.ts'],
    ['plain text', '1: text 1', 'a.ts'],
    ['an empty string', '', 'a.ts'],
  ])('declines %s', (_, candidate, path) => {
    expect(unwrapReadEnvelope(candidate, path)).toBeUndefined();
  });
});
