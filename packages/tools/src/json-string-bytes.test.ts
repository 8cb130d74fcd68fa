import { describe, expect, it } from 'vitest';
import { unescapeJsonBytes } from './json-string-bytes';

/** The body of a JSON string literal, as bytes. */
function body(value: string): Buffer {
  const json = JSON.stringify(value);
  return Buffer.from(json.slice(1, -1), 'utf8');
}

function unescape(source: Buffer, limit = Number.MAX_SAFE_INTEGER): string | undefined {
  const target = Buffer.alloc(source.length + 8);
  const end = unescapeJsonBytes(source, 0, source.length, target, 0, limit).written;
  return end < 0 ? undefined : target.subarray(0, end).toString('utf8');
}

describe('unescapeJsonBytes', () => {
  const samples = [
    '',
    'plain ascii',
    'quotes " and \\ backslashes \\\\ and / slash',
    'tab\there, cr\rhere, bell\u0007, nul\u0000, escape\u001b[0m, del\u007f',
    'héllo wörld 日本語 👋 🎉',
    '\b\f\n',
    'ends with backslash \\',
  ];
  it.each(samples)('agrees with JSON.parse on %j', (value) => {
    expect(unescape(body(value))).toBe(value);
  });

  it('decodes \\u escapes, surrogate pairs included, and shows a lone surrogate as U+FFFD', () => {
    expect(unescape(Buffer.from('\\u00e9\\u65e5\\ud83d\\udc4b'))).toBe('é日👋');
    expect(unescape(Buffer.from('a\\ud83db'))).toBe('a\ufffdb');
    expect(unescape(Buffer.from('\\udc4b'))).toBe('\ufffd');
  });

  it('stops once the limit is reached', () => {
    expect(unescape(body('abcdefgh'), 3)).toBe('abc');
    expect(unescape(body('a"b"c'), 2)).toBe('a"');
  });

  it('ends the body at an escape cut off by the end', () => {
    expect(unescape(Buffer.from('abc\\'))).toBe('abc');
    expect(unescape(Buffer.from('abc\\u00'))).toBe('abc');
  });

  it('rejects escapes JSON does not define', () => {
    expect(unescape(Buffer.from('a\\qb'))).toBeUndefined();
    expect(unescape(Buffer.from('\\u00zz'))).toBeUndefined();
  });

  it('never grows a body', () => {
    for (const value of samples) {
      const source = body(value);
      const target = Buffer.alloc(source.length);
      expect(unescapeJsonBytes(source, 0, source.length, target, 0, source.length).written).toBeLessThanOrEqual(source.length);
    }
  });

  it('stops at the closing quote when asked, and says where', () => {
    const source = Buffer.from('a \\"b\\" c"},"line_number":3');
    const target = Buffer.alloc(source.length);
    const whole = unescapeJsonBytes(source, 0, source.length, target, 0, 100, true);
    expect(target.subarray(0, whole.written).toString()).toBe('a "b" c');
    expect(whole.stoppedAt).toBe(source.indexOf('"}'));
    expect(unescapeJsonBytes(source, 0, source.length, target, 0, 3, true).stoppedAt).toBe(4);
  });
});
