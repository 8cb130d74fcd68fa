import { describe, expect, it } from 'vitest';
import { RecordSplitter, type OversizedRecordSink } from './record-splitter';

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

describe('RecordSplitter with a record cap', () => {
  /** Splits with a cap; a record over it is reassembled from the sink's pieces (as a test only may). */
  function splitCapped(chunks: string[], cap: number, withSink = true) {
    const records: string[] = [];
    const oversized: string[] = [];
    let pieces: string[] = [];
    let largestPiece = 0;
    const sink: OversizedRecordSink = {
      begin: () => {
        pieces = [];
      },
      push: (buffer, start, end) => {
        largestPiece = Math.max(largestPiece, end - start);
        pieces.push(buffer.toString('utf8', start, end));
      },
      end: () => oversized.push(pieces.join('')),
    };
    const splitter = new RecordSplitter(0x0a, (buffer, start, end) => records.push(buffer.toString('utf8', start, end)), cap, withSink ? sink : undefined);
    for (const chunk of chunks) splitter.push(Buffer.from(chunk));
    splitter.end();
    return { records, oversized, largestPiece };
  }

  it('streams a record over the cap to the sink in pieces no bigger than a chunk, then goes on', () => {
    const chunks = ['a\nxx', ...Array.from({ length: 50 }, () => 'x'.repeat(100)), 'x\nb\n'];
    const { records, oversized, largestPiece } = splitCapped(chunks, 64);
    expect(records).toEqual(['a', 'b']);
    expect(oversized).toEqual(['x'.repeat(5003)]);
    expect(largestPiece).toBeLessThanOrEqual(100);
  });

  it('hands a long record found inside one chunk to the sink too', () => {
    expect(splitCapped([`a\n${'y'.repeat(200)}\nb`], 64)).toMatchObject({ records: ['a', 'b'], oversized: ['y'.repeat(200)] });
  });

  it('ends a long last record without a separator', () => {
    expect(splitCapped(['a\n', 'z'.repeat(100), 'z'.repeat(100)], 64)).toMatchObject({ records: ['a'], oversized: ['z'.repeat(200)] });
  });

  it('skips a record over the cap when nobody takes it, and keeps records at the cap', () => {
    expect(splitCapped([`${'k'.repeat(64)}\n${'s'.repeat(65)}\nb\n`], 64, false)).toMatchObject({ records: ['k'.repeat(64), 'b'], oversized: [] });
  });
});
