import { describe, expect, it } from 'vitest';
import type { TimelineRow, ToolRow } from '../model/timeline-row';
import { grepPathMissing } from './grep-path-missing';

const SENT = { pattern: 'export', path: 'default' };

function grepRow(seq: number, args: Record<string, string>, error?: string, origin: 'user' | 'model' = 'user'): ToolRow {
  return {
    kind: 'tool',
    key: String(seq),
    seq,
    time: 't',
    callId: `c${seq}`,
    call: { name: 'grep', args, origin, view: null },
    cancelled: false,
    ...(error === undefined
      ? {}
      : { result: { seq: seq + 1, content: [], isError: true, error: { code: error, message: 'File not found: default' }, view: null } }),
  };
}

describe('grepPathMissing', () => {
  it('is true once the sent grep failed for a missing path', () => {
    expect(grepPathMissing([grepRow(5, SENT, 'FS_NOT_FOUND')], SENT, 4)).toBe(true);
  });

  it('is false while it runs, when it failed otherwise, or for another call', () => {
    expect(grepPathMissing([grepRow(5, SENT)], SENT, 4)).toBe(false);
    expect(grepPathMissing([grepRow(5, SENT, 'SEARCH_INVALID_PATTERN')], SENT, 4)).toBe(false);
    expect(grepPathMissing([grepRow(5, { pattern: 'export', path: 'src' }, 'FS_NOT_FOUND')], SENT, 4)).toBe(false);
    expect(grepPathMissing([grepRow(5, SENT, 'FS_NOT_FOUND', 'model')], SENT, 4)).toBe(false);
  });

  it('looks only at what came after the send: an older identical failure does not count', () => {
    const rows: TimelineRow[] = [grepRow(1, SENT, 'FS_NOT_FOUND'), grepRow(7, SENT)];
    expect(grepPathMissing(rows, SENT, 6)).toBe(false);
    expect(grepPathMissing([grepRow(1, SENT, 'FS_NOT_FOUND')], SENT, 6)).toBe(false);
  });
});
