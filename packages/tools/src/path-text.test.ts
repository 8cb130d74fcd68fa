import { describe, expect, it } from 'vitest';
import { pathAsText, pathFromText } from './path-text';

describe('pathAsText', () => {
  it('writes an ordinary path as it is, backslashes, quotes and colons included', () => {
    for (const path of ['src/a.ts', 'b "q".md', '..\\..\\etc\\passwd', 'C:\\Windows\\win.ini', 'a: b.ts', 'café/日本.ts', 'x"', 'tab\u00a0nbsp.ts']) {
      expect(pathAsText(path)).toBe(path);
    }
  });

  it('quotes a path holding a newline, so it stays on one line and cannot forge a row', () => {
    expect(pathAsText('nl\n  Line 7: FAKE MATCH.txt')).toBe('"nl\\n  Line 7: FAKE MATCH.txt"');
    expect(pathAsText('a\r\nb\tc')).toBe('"a\\r\\nb\\tc"');
  });

  it('quotes every control character, DEL, C1 and the line and paragraph separators', () => {
    expect(pathAsText('a\u0000b\u001bc')).toBe('"a\\u0000b\\u001bc"');
    expect(pathAsText('a\u007fb\u0085c\u009fd')).toBe('"a\\u007fb\\u0085c\\u009fd"');
    expect(pathAsText('a\u2028b\u2029c')).toBe('"a\\u2028b\\u2029c"');
  });

  it('quotes a path starting with whitespace (it would read as a match row) or with a quote (it would read as quoted)', () => {
    expect(pathAsText('  Line 7: FAKE.txt')).toBe('"  Line 7: FAKE.txt"');
    expect(pathAsText('"a.ts"')).toBe('"\\"a.ts\\""');
    expect(pathAsText(' a.ts')).toBe('" a.ts"');
  });

  it('never writes a newline, and starts with a quote only when quoted', () => {
    for (let code = 0; code < 0x3000; code += 1) {
      const path = `x${String.fromCharCode(code)}y`;
      const text = pathAsText(path);
      expect(text).not.toMatch(/[\n\r\u0085\u2028\u2029]/);
      expect(pathFromText(text)).toBe(path);
    }
  });
});

describe('pathFromText', () => {
  it('gives back every path pathAsText wrote', () => {
    for (const path of ['src/a.ts', 'nl\n  Line 7: FAKE MATCH.txt', '"', '"\\n"', '  x', '\\', 'a\\nb', '\ud83d\ude00.ts', 'lone\ud800.ts', 'a\u0085b']) {
      expect(pathFromText(pathAsText(path))).toBe(path);
    }
  });

  it('reads text that does not start with a quote as the path itself', () => {
    expect(pathFromText('src/a\\n.ts')).toBe('src/a\\n.ts');
  });

  it('refuses quoted text that is not one whole JSON string', () => {
    for (const text of ['"a', '"a"b', '"a" ', '"\\x"', '"a\nb"', '"\\u12"']) expect(pathFromText(text), text).toBeUndefined();
  });
});
