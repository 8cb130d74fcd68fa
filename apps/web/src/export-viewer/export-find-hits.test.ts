import { describe, expect, it } from 'vitest';
import type { TimelineRow } from '../model/timeline-row';
import { exportFindHits } from './export-find-hits';

const rows: TimelineRow[] = [
  { key: 'e0', seq: 0, time: '', kind: 'user-message', text: 'Where is Floor used?' },
  {
    key: 'e1',
    seq: 1,
    time: '',
    kind: 'tool',
    callId: 'c1',
    cancelled: false,
    call: { name: 'grep', args: {}, origin: 'model', view: { card: 'generic', title: 'Search floor' } },
    result: {
      seq: 2,
      content: [],
      isError: false,
      view: {
        card: 'search',
        shape: 'matches',
        truncated: false,
        total: 2,
        files: [
          { path: 'a.ts', matches: [{ lineNumber: 1, line: 'Math.floor(x)' }] },
          { path: 'b.ts', matches: [{ lineNumber: 4, line: 'floor(y); floor(z)' }] },
        ],
      },
    },
  },
];

describe("the export file's find", () => {
  it('finds a message and each search group holding the text, case-insensitively', () => {
    expect(exportFindHits(rows, 'FLOOR')).toEqual([{ row: 0 }, { row: 1, file: 0 }, { row: 1, file: 1 }]);
  });

  it('finds nothing for an empty query or absent text', () => {
    expect(exportFindHits(rows, '')).toEqual([]);
    expect(exportFindHits(rows, 'ceil')).toEqual([]);
  });
});
