import { describe, expect, it } from 'vitest';
import { estimateDisplayRowHeight, estimateRowHeight, FOLD_HEADER_PX, FOLD_LINE_PX } from './estimate-row-height';
import { explorationRuns } from '../model/exploration-runs';
import type { ToolRow } from '../model/timeline-row';

function toolRow(view: unknown): ToolRow {
  return { kind: 'tool', key: '1', seq: 1, time: 't', callId: 'c', cancelled: false, result: { seq: 2, content: [], isError: false, view } };
}

const read = (lines: number) => ({ card: 'read', path: 'a.ts', offset: 1, totalLines: lines, lines: Array.from({ length: lines }, (_, i) => ({ number: i + 1, text: 'x' })) });

describe('estimateRowHeight', () => {
  it('sizes a read card by its lines, up to the height its code scrolls in', () => {
    const two = estimateRowHeight(toolRow(read(2)));
    const twenty = estimateRowHeight(toolRow(read(20)));
    expect(twenty).toBeGreaterThan(two);
    expect(estimateRowHeight(toolRow(read(400)))).toBe(estimateRowHeight(toolRow(read(2000))));
    expect(estimateRowHeight(toolRow(read(400)))).toBeGreaterThan(twenty);
  });

  it('sizes a search card by its rows, up to its list height', () => {
    const paths = (count: number) => ({ card: 'search', shape: 'paths', paths: Array.from({ length: count }, (_, i) => `p${i}`), truncated: false, total: count });
    expect(estimateRowHeight(toolRow(paths(10)))).toBeGreaterThan(estimateRowHeight(toolRow(paths(1))));
    expect(estimateRowHeight(toolRow(paths(100)))).toBe(estimateRowHeight(toolRow(paths(1000))));
    const files = { card: 'search', shape: 'matches', files: [{ path: 'a', matches: [] }], truncated: false, total: 1 };
    expect(estimateRowHeight(toolRow(files))).toBeGreaterThan(0);
  });

  it('falls back to a fixed guess for a view it does not know, and a call without a result', () => {
    expect(estimateRowHeight(toolRow({ card: 'teleport' }))).toBe(estimateRowHeight(toolRow(null)));
    const pending: ToolRow = { kind: 'tool', key: '1', seq: 1, time: 't', callId: 'c', cancelled: false };
    expect(estimateRowHeight(pending)).toBeLessThan(estimateRowHeight(toolRow(read(2))));
  });
});

describe('estimateDisplayRowHeight', () => {
  it('a fold header and a folded line are small and fixed; an open call is its card; a plain row is its row', () => {
    const row = { ...toolRow(read(20)), call: { name: 'read', args: null, origin: 'model' as const, view: { card: 'generic', title: 'Read a.ts', kind: 'read' } } };
    const [run] = explorationRuns([row, { ...row, key: '2' }, { ...row, key: '3' }]);
    expect(estimateDisplayRowHeight({ kind: 'fold-header', key: 'f', run: run!, expanded: false })).toBe(FOLD_HEADER_PX);
    expect(estimateDisplayRowHeight({ kind: 'fold-call', key: '1', row, foldKey: 'f', open: false, last: false })).toBe(FOLD_LINE_PX);
    expect(estimateDisplayRowHeight({ kind: 'fold-call', key: '1', row, foldKey: 'f', open: true, last: false })).toBe(estimateRowHeight(row));
    expect(estimateDisplayRowHeight({ kind: 'row', key: '1', row })).toBe(estimateRowHeight(row));
  });
});
