import { describe, expect, it } from 'vitest';
import type { SessionEvent } from '@toolcards/protocol';
import { TimelineBuilder } from '../model/rows-from-events';
import { rowFindTexts } from './row-find-texts';

let seq = 0;
const event = (type: SessionEvent['type'], data: Record<string, unknown>): SessionEvent => ({ seq: seq++, time: '2026-12-01T00:00:00Z', type, data } as SessionEvent);

/** The one tool row of a call whose result carries `view`, as the store builds it. */
function toolRow(view: unknown) {
  seq = 0;
  const builder = new TimelineBuilder();
  builder.append({ event: event('tool/call', { callId: 'c', name: 'Bash', args: {}, origin: 'model' }), view: { card: 'generic', title: 'Bash' } });
  builder.append({ event: event('tool/result', { callId: 'c', content: [{ type: 'text', text: 'model text' }], isError: false }), view });
  return builder.rowsSnapshot()[0]!;
}

describe("rowFindTexts of a coding agent's cards", () => {
  it('a terminal card: its command, then every output line as shown (escapes dropped, progress as left), stderr after stdout', () => {
    const row = toolRow({ card: 'terminal', command: 'npm test', exitCode: 1, output: '\u001b[31mFAIL\u001b[0m a.test.ts\n10%\r100%\n', stderr: 'npm error\n', truncated: false });
    expect(rowFindTexts(row)).toEqual([
      { part: 'text', text: 'npm test' },
      { part: 'terminal-line', line: 0, text: 'FAIL a.test.ts' },
      { part: 'terminal-line', line: 1, text: '100%' },
      { part: 'terminal-line', line: 2, text: 'npm error' },
    ]);
  });

  it("a diff card: each file's path and its hunk lines without their prefix", () => {
    const row = toolRow({ card: 'diff', files: [{ path: 'a.ts', status: 'modified', hunks: [{ oldStart: 1, oldLines: 2, newStart: 1, newLines: 2, lines: [' keep', '-old', '+new'] }] }] });
    expect(rowFindTexts(row)).toEqual([
      { part: 'text', text: 'a.ts' },
      { part: 'diff-line', file: 0, hunk: 0, line: 0, text: 'keep' },
      { part: 'diff-line', file: 0, hunk: 0, line: 1, text: 'old' },
      { part: 'diff-line', file: 0, hunk: 0, line: 2, text: 'new' },
    ]);
  });

  it('a plan card: its explanation and items', () => {
    const row = toolRow({ card: 'plan', explanation: 'why', items: [{ text: 'Fix it', status: 'pending' }] });
    expect(rowFindTexts(row)).toEqual([
      { part: 'text', text: 'why' },
      { part: 'plan-item', index: 0, text: 'Fix it' },
    ]);
  });
});
