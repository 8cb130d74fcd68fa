import { describe, expect, it } from 'vitest';
import { readMetaOf, windowFromText } from './claude-read-result';

describe('a Read result as our read window', () => {
  it('takes toolUseResult.file, without the empty line after the last newline', () => {
    const meta = readMetaOf('a.ts', { type: 'text', file: { filePath: '/w/a.ts', content: 'one\ntwo\n', numLines: 3, startLine: 1, totalLines: 3 } }, '', undefined);
    expect(meta).toEqual({ path: 'a.ts', offset: 1, lines: [{ number: 1, text: 'one' }, { number: 2, text: 'two' }], totalLines: 2, lang: 'typescript' });
  });

  it('keeps a last line without a newline, and takes a window that stops early as one line short of the count', () => {
    expect(readMetaOf('a.txt', { type: 'text', file: { content: 'x\ny', numLines: 2, startLine: 1, totalLines: 2 } }, '', undefined)?.totalLines).toBe(2);
    const window = readMetaOf('a.txt', { type: 'text', file: { content: 'b\nc', numLines: 2, startLine: 2, totalLines: 11 } }, '', 2);
    expect(window).toMatchObject({ offset: 2, lines: [{ number: 2, text: 'b' }, { number: 3, text: 'c' }], totalLines: 10 });
  });

  it('reads both cat -n forms from the text, leaving out system reminders', () => {
    expect(windowFromText('    10\u2192ten\n    11\u2192eleven\n\n<system-reminder>\nbe careful\n</system-reminder>\n', 10)).toEqual({
      offset: 10,
      lines: [{ number: 10, text: 'ten' }, { number: 11, text: 'eleven' }],
      totalLines: 11,
    });
    expect(windowFromText('1\tone\n2\t\ttabbed\n3\t', undefined)).toEqual({
      offset: 1,
      lines: [{ number: 1, text: 'one' }, { number: 2, text: '\ttabbed' }],
      totalLines: 2,
    });
  });

  it('is no window for text that is not numbered lines, or lines out of order', () => {
    expect(windowFromText('<system-reminder>Warning: the file exists but the contents are empty.</system-reminder>', undefined)).toBeUndefined();
    expect(windowFromText('1\tone\n3\tthree', undefined)).toBeUndefined();
    expect(windowFromText('File does not exist.', undefined)).toBeUndefined();
  });

  it('is no read card for an image, a PDF or a notebook', () => {
    for (const type of ['image', 'pdf', 'notebook']) expect(readMetaOf('x', { type, file: { content: 'a' } }, '1\ta', undefined)).toBeUndefined();
  });
});
