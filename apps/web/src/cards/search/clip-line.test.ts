import { describe, expect, it } from 'vitest';
import type { MatchRange } from '@toolcards/protocol';
import { clipLine } from './clip-line';

const marked = (text: string, ranges: MatchRange[]) => ranges.map(([start, end]) => text.slice(start, end));

describe('clipLine', () => {
  it('leaves a short line alone', () => {
    expect(clipLine('const foo = 1', [[6, 9]], 40)).toEqual({ text: 'const foo = 1', ranges: [[6, 9]] });
  });

  it('drops leading indentation and moves the ranges with it', () => {
    const clipped = clipLine('      return foo;', [[13, 16]], 40);
    expect(clipped).toEqual({ text: 'return foo;', ranges: [[7, 10]] });
    expect(marked(clipped.text, clipped.ranges)).toEqual(['foo']);
  });

  it('never drops an invisible or bidi character as if it were indentation', () => {
    expect(clipLine('\uFEFF  foo', [[3, 6]], 40).text).toBe('\uFEFF  foo');
    expect(clipLine('  \u2028\u202Efoo', [[4, 7]], 40)).toEqual({ text: '\u2028\u202Efoo', ranges: [[2, 5]] });
  });

  it('keeps indentation a match starts inside', () => {
    expect(clipLine('    x', [[2, 5]], 40)).toEqual({ text: '  x', ranges: [[0, 3]] });
  });

  it('cuts a long line around its match, not at its start', () => {
    const line = `${'a'.repeat(500)}NEEDLE${'b'.repeat(500)}`;
    const clipped = clipLine(line, [[500, 506]], 60);
    expect(clipped.text.length).toBe(60);
    expect(clipped.text.startsWith('…')).toBe(true);
    expect(clipped.text.endsWith('…')).toBe(true);
    expect(marked(clipped.text, clipped.ranges)).toEqual(['NEEDLE']);
  });

  it('keeps the match within a phone row\'s first ~34 characters however wide the budget', () => {
    const line = `${'a'.repeat(500)}TODO${'b'.repeat(500)}`;
    const clipped = clipLine(line, [[500, 504]], 160);
    const [start] = clipped.ranges[0]!;
    expect(start + 'TODO'.length).toBeLessThanOrEqual(34);
    expect(marked(clipped.text, clipped.ranges)).toEqual(['TODO']);
  });

  it('cuts only the end when the match is near the start', () => {
    const clipped = clipLine(`x = NEEDLE${'b'.repeat(200)}`, [[4, 10]], 30);
    expect(clipped.text).toBe(`x = NEEDLE${'b'.repeat(19)}…`);
    expect(clipped.ranges).toEqual([[4, 10]]);
  });

  it('cuts only the start when the match is near the end, keeping it near the left', () => {
    const line = `${'a'.repeat(200)}NEEDLE;`;
    const clipped = clipLine(line, [[200, 206]], 30);
    expect(clipped.text).toBe(`…${'a'.repeat(5)}NEEDLE;`);
    expect(marked(clipped.text, clipped.ranges)).toEqual(['NEEDLE']);
  });

  it('keeps the first match and drops or trims later ones outside the window', () => {
    const line = `${'a'.repeat(100)}ONE${'b'.repeat(10)}TWO${'c'.repeat(300)}THREE`;
    const clipped = clipLine(line, [[100, 103], [113, 116], [419, 424]], 40);
    expect(marked(clipped.text, clipped.ranges)).toEqual(['ONE', 'TWO']);
  });

  it('trims a later range that crosses the cut', () => {
    const line = `${'a'.repeat(10)}X${'b'.repeat(30)}LONGMATCH${'c'.repeat(100)}`;
    const clipped = clipLine(line, [[10, 11], [41, 50]], 40);
    expect(clipped.text.length).toBe(40);
    expect(marked(clipped.text, clipped.ranges)[0]).toBe('X');
    expect(clipped.ranges.every(([start, end]) => start >= 0 && end <= clipped.text.length)).toBe(true);
  });

  it('shows the start of a match longer than the budget', () => {
    const line = `${'a'.repeat(50)}${'M'.repeat(100)}${'z'.repeat(50)}`;
    const clipped = clipLine(line, [[50, 150]], 20);
    expect(clipped.text.length).toBe(20);
    expect(clipped.text).toBe(`…${'M'.repeat(18)}…`);
    expect(clipped.ranges).toEqual([[1, 19]]);
  });

  it('uses the earliest range even when ranges arrive unsorted', () => {
    const line = `${'a'.repeat(300)}FIRST${'b'.repeat(300)}SECOND`;
    const clipped = clipLine(line, [[605, 611], [300, 305]], 40);
    expect(marked(clipped.text, clipped.ranges)).toEqual(['FIRST']);
  });

  it('clips a line without ranges from its start', () => {
    const clipped = clipLine('z'.repeat(100), undefined, 10);
    expect(clipped).toEqual({ text: `${'z'.repeat(9)}…`, ranges: [] });
  });

  it('counts UTF-16 units and never splits a surrogate pair', () => {
    const emoji = '😀'; // two UTF-16 units
    const line = `${emoji.repeat(100)}hit${emoji.repeat(100)}`;
    const start = emoji.length * 100;
    for (const max of [20, 21, 22, 23]) {
      const clipped = clipLine(line, [[start, start + 3]], max);
      expect(marked(clipped.text, clipped.ranges)).toEqual(['hit']);
      expect(clipped.text.length).toBeLessThanOrEqual(max);
      expect(clipped.text).not.toMatch(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/);
    }
  });

  it('remaps ranges after CJK text', () => {
    const line = `${'漢字'.repeat(100)} needle`;
    const start = line.indexOf('needle');
    const clipped = clipLine(line, [[start, start + 6]], 30);
    expect(marked(clipped.text, clipped.ranges)).toEqual(['needle']);
  });
});
