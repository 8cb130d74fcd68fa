import { describe, expect, it } from 'vitest';
import type { AssistantMessageRow, TimelineRow, ToolRow } from './timeline-row';
import { explorationRuns, foldedTimeline, NO_OPENINGS, openCalls, runSummaryText, setRunExpanded, toggleCall } from './exploration-runs';

let seq = 0;
function tool(kind: 'read' | 'search' | 'execute', options: { path?: string; error?: boolean; pending?: boolean; resultCard?: string } = {}): ToolRow {
  seq += 1;
  const view = { card: 'generic', title: `${kind} ${seq}`, kind, ...(options.path ? { locations: [{ path: options.path }] } : {}) };
  const row: ToolRow = { kind: 'tool', key: `e${seq}`, seq, time: '', callId: `c${seq}`, call: { name: 'x', args: null, origin: 'model', view }, cancelled: false };
  if (options.pending) return row;
  const resultView = options.error ? { card: 'generic' } : { card: options.resultCard ?? (kind === 'read' ? 'read' : kind === 'search' ? 'search' : 'terminal'), ...(options.path ? { path: options.path } : {}) };
  return { ...row, result: { seq: seq + 1000, content: [], isError: options.error === true, view: resultView } };
}
const read = (path: string, options: { error?: boolean; pending?: boolean } = {}) => tool('read', { path, ...options });
const search = (options: { error?: boolean } = {}) => tool('search', options);
function assistant(text: string): AssistantMessageRow {
  seq += 1;
  return { kind: 'assistant-message', key: `e${seq}`, seq, time: '', messageId: `m${seq}`, text };
}
function user(text: string): TimelineRow {
  seq += 1;
  return { kind: 'user-message', key: `e${seq}`, seq, time: '', text };
}
function turnEnd(): TimelineRow {
  seq += 1;
  return { kind: 'turn-end', key: `e${seq}`, seq, time: '', reason: 'done' };
}
const kinds = (rows: readonly TimelineRow[]) => foldedTimeline(rows, 'compact').rows.map((row) => (row.kind === 'fold-call' ? `call${row.open ? '+' : ''}` : row.kind === 'row' ? row.row.kind : 'header'));

describe('explorationRuns', () => {
  it('folds a run of three or more read/search calls, not two', () => {
    expect(explorationRuns([read('a'), search()])).toEqual([]);
    const runs = explorationRuns([user('q'), read('a'), search(), read('b'), assistant('done')]);
    expect(runs).toHaveLength(1);
    expect(runs[0]).toMatchObject({ firstIndex: 1, lastIndex: 3, files: 2, reads: 2, searches: 1, errors: 0, running: 0 });
  });

  it('is broken by user or assistant text, a turn end and any other call', () => {
    const rows = [read('a'), read('b'), assistant('Looking further'), read('c'), read('d'), user('hm'), search(), search(), turnEnd(), search(), tool('execute'), search()];
    expect(explorationRuns(rows)).toEqual([]);
  });

  it("is broken by a person's own command: it stays a card", () => {
    const mine: ToolRow = { ...read('m'), call: { name: 'read', args: null, origin: 'user', view: { card: 'generic', title: 'Read m', kind: 'read' } } };
    expect(explorationRuns([read('a'), read('b'), mine, read('c'), read('d')])).toEqual([]);
  });

  it('is not broken by an empty assistant message (a model going straight to tools)', () => {
    const rows = [read('a'), assistant('  '), read('b'), search(), assistant('')];
    const [run] = explorationRuns(rows);
    expect(run).toMatchObject({ firstIndex: 0, lastIndex: 3 });
    expect(kinds(rows)).toEqual(['header', 'call', 'assistant-message', 'call', 'call', 'assistant-message']);
  });

  it('counts distinct files, errors and running calls; an imported failed read is known by its call kind', () => {
    const [run] = explorationRuns([read('a'), read('a'), read('b', { error: true }), search({ error: true }), read('c', { pending: true })]);
    expect(run).toMatchObject({ files: 3, reads: 4, searches: 1, errors: 2, running: 1 });
    expect(runSummaryText(run!)).toBe('Exploring 3 files · 1 search · 2 errors');
  });

  it('knows a call by its result card when the call view has no kind', () => {
    const row = tool('execute', { resultCard: 'read' });
    const rows = [row, row, row].map((one, index) => ({ ...one, key: `k${index}` }));
    expect(explorationRuns(rows)).toHaveLength(1);
  });
});

describe('runSummaryText', () => {
  it('says what was explored', () => {
    expect(runSummaryText({ files: 12, reads: 14, searches: 4, errors: 0, running: 0 })).toBe('Explored 12 files · 4 searches');
    expect(runSummaryText({ files: 0, reads: 0, searches: 3, errors: 0, running: 0 })).toBe('Explored 3 searches');
    expect(runSummaryText({ files: 1, reads: 3, searches: 0, errors: 1, running: 0 })).toBe('Explored 1 file · 1 error');
  });
});

describe('foldedTimeline', () => {
  const rows = [user('q'), read('a'), read('b'), search(), assistant('found it'), read('z')];

  it('draws a header then a line per call; every row keeps a display row', () => {
    const folded = foldedTimeline(rows, 'compact');
    expect(kinds(rows)).toEqual(['user-message', 'header', 'call', 'call', 'call', 'assistant-message', 'tool']);
    expect(rows.map((_, index) => folded.displayIndexOfRow(index))).toEqual([0, 2, 3, 4, 5, 6]);
    expect(folded.runOfRow(2)?.key).toBe(`fold:${rows[1]!.key}`);
    expect(folded.runOfRow(5)).toBeUndefined();
    expect(folded.rows[4]).toMatchObject({ kind: 'fold-call', last: true });
    // A call keeps its row's key: its measured height and scroll anchor carry over when its run folds.
    expect(folded.rows[2]!.key).toBe(rows[1]!.key);
  });

  it('full density folds nothing', () => {
    const folded = foldedTimeline(rows, 'full');
    expect(folded.rows.map((row) => row.kind)).toEqual(rows.map(() => 'row'));
    expect(folded.displayIndexOfRow(3)).toBe(3);
  });

  it('opens one call, expands all and collapses all again', () => {
    const run = foldedTimeline(rows, 'compact').runOfRow(1)!;
    const one = toggleCall(NO_OPENINGS, rows[2]!.key, true);
    expect(foldedTimeline(rows, 'compact', one).rows.slice(2, 5).map((row) => row.kind === 'fold-call' && row.open)).toEqual([false, true, false]);
    const all = setRunExpanded(one, run, true);
    expect(foldedTimeline(rows, 'compact', all).rows.slice(1, 5).map((row) => (row.kind === 'fold-header' ? row.expanded : row.kind === 'fold-call' && row.open))).toEqual([true, true, true, true]);
    const none = setRunExpanded(all, run, false);
    expect(foldedTimeline(rows, 'compact', none).rows.slice(1, 5).map((row) => (row.kind === 'fold-header' ? row.expanded : row.kind === 'fold-call' && row.open))).toEqual([false, false, false, false]);
  });

  it('a live run folds as it grows: the cards drawn before it reached three stay cards above the fold, which starts at the new call', () => {
    const first = [user('q'), read('a'), read('b')];
    expect(kinds(first)).toEqual(['user-message', 'tool', 'tool']);
    const drawn = new Set([first[1]!.key, first[2]!.key]);
    const grown = [...first, search()];
    const folded = foldedTimeline(grown, 'compact', NO_OPENINGS, drawn);
    expect(folded.rows.map((row) => row.kind)).toEqual(['row', 'row', 'row', 'fold-header', 'fold-call']);
    expect(folded.rows[3]).toMatchObject({ run: { firstIndex: 3, lastIndex: 3, searches: 1, reads: 0 } });
    expect(folded.displayIndexOfRow(3)).toBe(4);
    const later = foldedTimeline([...grown, read('c', { pending: true })], 'compact', NO_OPENINGS, drawn);
    expect(later.rows[3]!.key).toBe(folded.rows[3]!.key);
    expect(later.rows[3]).toMatchObject({ run: { running: 1, reads: 1, searches: 1 } });
    // Reopened later (nothing drawn), the whole run folds under one header.
    expect(foldedTimeline(grown, 'compact').rows.map((row) => row.kind)).toEqual(['row', 'fold-header', 'fold-call', 'fold-call', 'fold-call']);
    // A run drawn whole stays drawn.
    expect(explorationRuns(grown, new Set(grown.map((row) => row.key)))).toEqual([]);
  });

  it('keeps a plain row the same object while its row is (memoized views do not render again)', () => {
    expect(foldedTimeline(rows, 'compact').rows[0]).toBe(foldedTimeline(rows, 'full').rows[0]);
  });

  it('an index outside the rows has no display row', () => {
    expect(foldedTimeline(rows, 'compact').displayIndexOfRow(99)).toBeUndefined();
    expect(foldedTimeline(rows, 'full').displayIndexOfRow(-1)).toBeUndefined();
  });
});
