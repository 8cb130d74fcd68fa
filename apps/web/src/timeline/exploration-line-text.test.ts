import { describe, expect, it } from 'vitest';
import type { ToolCallView } from '@toolcards/protocol';
import { explorationLineLabel, explorationLineOf } from './exploration-line-text';

const call = (title: string): ToolCallView => ({ card: 'generic', title, kind: 'read' });

describe('explorationLineOf', () => {
  it('a read: its path and "lines A–B of T" (the read card header)', () => {
    const lines = Array.from({ length: 200 }, (_, index) => ({ number: 1201 + index, text: '' }));
    expect(explorationLineOf(call('Read src/a.ts'), { state: 'done', result: { card: 'read', path: 'src/a.ts', offset: 1201, lines, totalLines: 3000 } })).toEqual({
      subject: 'src/a.ts',
      detail: 'lines 1,201–1,400 of 3,000',
      state: 'done',
    });
  });

  it('a grep: its title and "N matches in M files"; a glob: its title and "N files" (the search summary)', () => {
    const files = [{ path: 'a', matches: [{ lineNumber: 1, line: 'x' }, { lineNumber: 2, line: 'x' }] }, { path: 'b', matches: [{ lineNumber: 1, line: 'x' }] }];
    expect(explorationLineOf(call('Grep x'), { state: 'done', result: { card: 'search', shape: 'matches', title: 'Grep x in src', files, truncated: false, total: 3 } })).toMatchObject({
      subject: 'Grep x in src',
      detail: '3 matches in 2 files',
    });
    expect(explorationLineOf(call('Glob *.ts'), { state: 'done', result: { card: 'search', shape: 'paths', paths: ['a.ts'], truncated: true, total: 500 } })).toMatchObject({
      subject: 'Glob *.ts',
      detail: 'showing 1 of 500 files',
    });
  });

  it('an error says what failed; running and cancelled calls say so', () => {
    expect(explorationLineOf(call('Read gone.ts'), { state: 'error', code: 'FS_NOT_FOUND', message: 'File not found: gone.ts\nmore' })).toEqual({ subject: 'Read gone.ts', detail: 'File not found: gone.ts', state: 'error' });
    expect(explorationLineOf(call('Read x'), { state: 'error', code: 'FS_NOT_TEXT' }).detail).toBe('FS_NOT_TEXT');
    expect(explorationLineOf(call('Read x'), { state: 'running' }).detail).toBe('running…');
    expect(explorationLineOf(call('Read x'), { state: 'running', queued: true }).detail).toBe('queued…');
    expect(explorationLineOf(call('Read x'), { state: 'cancelled' }).detail).toBe('cancelled');
  });

  it('a result drawn as another card keeps the call title', () => {
    expect(explorationLineOf(call('Read x'), { state: 'done', result: { card: 'generic' } })).toEqual({ subject: 'Read x', detail: '', state: 'done' });
  });

  it('names the line for screen readers', () => {
    expect(explorationLineLabel({ subject: 'src/a.ts', detail: 'lines 1–4 of 4', state: 'done' }, false)).toBe('src/a.ts, lines 1–4 of 4. Show its card');
    expect(explorationLineLabel({ subject: 'Read b', detail: 'nope', state: 'error' }, true)).toBe('failed: Read b, nope. Fold its card back to a line');
  });
});
