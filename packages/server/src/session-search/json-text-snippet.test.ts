import { describe, expect, it } from 'vitest';
import { snippetForMatches } from './json-text-snippet';

/** A logged event line and the byte offsets of `needle`'s first occurrence at or after `from` in it, as ripgrep gives them. */
function logged(event: unknown, needle: string, from = 0): { line: Buffer; start: number; end: number } {
  const line = Buffer.from(JSON.stringify(event));
  const start = line.indexOf(needle, from);
  if (start === -1) throw new Error(`${needle} not in the line`);
  return { line, start, end: start + Buffer.byteLength(needle) };
}

const event = (text: string) => ({ seq: 3, time: '2026-12-01T00:00:00Z', type: 'tool/result', data: { callId: 'c1', content: [{ type: 'text', text }], isError: false } });

describe('snippetForMatches', () => {
  it('cuts the match’s line of the decoded text, SNIPPET_SIDE characters each side, marked where ripgrep said', () => {
    const text = `1: first\n2: ${'x'.repeat(100)} the needle is here ${'y'.repeat(100)}\n3: last`;
    const { line, start, end } = logged(event(text), 'needle');
    const placed = snippetForMatches(line, [{ start, end }])!;
    expect(placed.snippet.startsWith('…')).toBe(true);
    expect(placed.snippet.endsWith('…')).toBe(true);
    expect(placed.snippet).not.toContain('\n');
    const [[from, to]] = placed.ranges as [[number, number]];
    expect(placed.snippet.slice(from, to)).toBe('needle');
  });

  it('undoes the JSON escapes around and inside the match, in UTF-16 units of what a person reads', () => {
    const text = 'tab\there "quoted" é😀 \\path\\ ends';
    const { line, start, end } = logged(event(text), '\\"quoted\\"');
    const placed = snippetForMatches(line, [{ start, end }])!;
    expect(placed.snippet).toBe(text);
    const [[from, to]] = placed.ranges as [[number, number]];
    expect(placed.snippet.slice(from, to)).toBe('"quoted"');
    const emoji = logged(event(text), 'path');
    const after = snippetForMatches(emoji.line, [emoji])!;
    expect(after.snippet.slice(...(after.ranges[0] as [number, number]))).toBe('path');
  });

  it('shows a whole short value without ellipses, and a match of unknown end unmarked', () => {
    const { line, start } = logged(event('just the needle'), 'needle');
    expect(snippetForMatches(line, [{ start, end: undefined }])).toEqual({ snippet: 'just the needle', ranges: [] });
  });

  it('prefers a match in the text over one in a label value ("type":"tool/result"), and skips keys', () => {
    const { line } = logged(event('the result is 42'), 'result');
    const inType = line.indexOf('result');
    const inText = line.indexOf('result', inType + 1);
    const placed = snippetForMatches(line, [
      { start: inType, end: inType + 6 },
      { start: inText, end: inText + 6 },
    ])!;
    expect(placed).toEqual({ snippet: 'the result is 42', ranges: [[4, 10]] });
    const key = line.indexOf('callId');
    expect(snippetForMatches(line, [{ start: key, end: key + 6 }])).toBeUndefined();
    expect(snippetForMatches(line, [{ start: inType, end: inType + 6 }])).toEqual({ snippet: 'tool/result', ranges: [[5, 11]] });
  });

  it('places a match far into a huge value by reading only around it', () => {
    const text = `${'x '.repeat(500_000)}needle${' y'.repeat(1000)}`;
    const { line, start, end } = logged(event(text), 'needle');
    const placed = snippetForMatches(line, [{ start, end }])!;
    expect(placed.snippet.length).toBeLessThan(140);
    expect(placed.snippet.slice(...(placed.ranges[0] as [number, number]))).toBe('needle');
  });
});

describe('snippetForMatches on the first part of a long line', () => {
  it('places a match in a string the cut runs through, with an ellipsis where the line was cut', () => {
    for (const [filler, cut] of ['é\\n', '\u0001"', '😀'].flatMap((each) => [0, 1, 2, 3, 4, 5].map((shift) => [each, shift] as const))) {
      const { line, start, end } = logged(event(`a needle then ${filler.repeat(50)}`), 'needle');
      const part = line.subarray(0, start + 40 + cut);
      const placed = snippetForMatches(part, [{ start, end }])!;
      expect(placed.snippet.slice(...(placed.ranges[0] as [number, number])), `${JSON.stringify(filler)} ${cut}`).toBe('needle');
      expect(placed.snippet.endsWith('…')).toBe(true);
    }
  });
});
