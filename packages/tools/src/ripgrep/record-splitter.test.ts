import { describe, expect, it } from 'vitest';
import { RecordSplitter } from './record-splitter';

function split(chunks: (string | Buffer)[], separator = 0x0a): string[] {
  const records: string[] = [];
  const splitter = new RecordSplitter(separator, (buffer, start, end) => records.push(buffer.toString('utf8', start, end)));
  for (const chunk of chunks) splitter.push(typeof chunk === 'string' ? Buffer.from(chunk) : chunk);
  splitter.end();
  return records;
}

describe('RecordSplitter', () => {
  it('cuts at the separator and skips empty records', () => {
    expect(split(['a\nbb\n\nccc\n'])).toEqual(['a', 'bb', 'ccc']);
  });

  it('joins records split across chunks, however small', () => {
    const text = '{"a":1}\n{"b":"日本"}\n{"c":3}\n';
    const bytes = Buffer.from(text);
    for (const size of [1, 2, 3, 5, 8]) {
      const chunks: Buffer[] = [];
      for (let at = 0; at < bytes.length; at += size) chunks.push(bytes.subarray(at, at + size));
      expect(split(chunks)).toEqual(['{"a":1}', '{"b":"日本"}', '{"c":3}']);
    }
  });

  it('emits a last record without a separator at the end', () => {
    expect(split(['a\nlast'])).toEqual(['a', 'last']);
    expect(split(['la', 'st'])).toEqual(['last']);
    expect(split([])).toEqual([]);
  });

  it('splits on NUL for --files --null', () => {
    expect(split(['a.ts\0dir/b c.ts\0', 'new\nline.ts\0'], 0)).toEqual(['a.ts', 'dir/b c.ts', 'new\nline.ts']);
  });

  it('keeps one huge record that spans many chunks', () => {
    const chunks = Array.from({ length: 100 }, () => 'x'.repeat(1000));
    expect(split([...chunks, '\nnext'])).toEqual(['x'.repeat(100_000), 'next']);
  });
});
