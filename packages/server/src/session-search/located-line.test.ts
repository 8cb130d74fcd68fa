import { describe, expect, it } from 'vitest';
import { lineCountOf, locatedLineOf } from './located-line';

const record = (text: string) => Buffer.from(text.replace('|', '\0'));

describe('locatedLineOf and lineCountOf', () => {
  it('reads the session, line and byte offset of a locate record', () => {
    expect(locatedLineOf(record('/d/s/20250101-000000-abcdef.jsonl|3:420:[Omitted long matching line]'), '/d/s')).toEqual({
      sessionId: '20250101-000000-abcdef',
      lineNumber: 3,
      lineOffset: 420,
    });
  });

  it('refuses records of files that are not session logs of the folder', () => {
    for (const file of ['/d/s/sub/a.jsonl', '/d/other/a.jsonl', '/d/s/a.txt', '/d/s/bad id.jsonl']) expect(locatedLineOf(record(`${file}|1:0:x`), '/d/s'), file).toBeUndefined();
    expect(locatedLineOf(record('/d/s/a.jsonl|nonsense'), '/d/s')).toBeUndefined();
  });

  it('reads a count record', () => {
    expect(lineCountOf(record('/d/s/a.jsonl|12'), '/d/s')).toEqual({ sessionId: 'a', lines: 12 });
    expect(lineCountOf(record('/d/s/a.jsonl|x'), '/d/s')).toBeUndefined();
  });
});
