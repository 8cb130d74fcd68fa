import { describe, expect, it } from 'vitest';
import { callViewFromWire, resultViewFromWire } from './narrowing';
import type { ToolResultView } from './views';

const readView: ToolResultView = {
  card: 'read',
  title: 'Read a.ts',
  path: 'a.ts',
  offset: 1,
  lines: [{ number: 1, text: 'x' }],
  totalLines: 1,
  lang: 'typescript',
  content: '1: x',
};

describe('resultViewFromWire', () => {
  it.each<[string, ToolResultView]>([
    ['a generic view', { card: 'generic', title: 'Run', content: 'out' }],
    ['a bare generic view', { card: 'generic' }],
    ['a read view', readView],
    ['a search matches view', { card: 'search', shape: 'matches', files: [], truncated: false, total: 0 }],
    ['a search paths view', { card: 'search', shape: 'paths', title: 'Glob', paths: ['a'], truncated: false, total: 1 }],
    ['a terminal view', { card: 'terminal', title: 'Run ls', command: 'ls', exitCode: null, signal: 'SIGTERM', output: '\u001b[1ma\u001b[0m', truncated: false }],
    ['a diff view', {
      card: 'diff', files: [{ path: 'a.ts', status: 'modified', lang: 'typescript', hunks: [{ oldStart: 1, oldLines: 1, newStart: 1, newLines: 1, lines: ['-a', '+b'] }] }],
    }],
    ['a plan view', { card: 'plan', items: [{ text: 'Fix it', status: 'in_progress' }], explanation: 'first' }],
  ])('accepts %s unchanged', (_, view) => {
    expect(resultViewFromWire(JSON.parse(JSON.stringify(view)))).toEqual(view);
  });

  it.each([
    ['null', null],
    ['an array', [readView]],
    ['an unknown card', { card: 'teleport', content: 'x' }],
    ['a terminal view without output', { card: 'terminal', command: 'ls', exitCode: 0, truncated: false }],
    ['a diff view carrying only content', { card: 'diff', content: 'x' }],
    ['a diff view whose hunk counts disagree with its lines', {
      card: 'diff', files: [{ path: 'a.ts', status: 'modified', hunks: [{ oldStart: 1, oldLines: 2, newStart: 1, newLines: 1, lines: ['-a', '+b'] }] }],
    }],
    ['a plan view with an unknown status', { card: 'plan', items: [{ text: 'a', status: 'blocked' }] }],
    ['a missing card', { content: 'x' }],
    ['a generic view with non-string content', { card: 'generic', content: 5 }],
    ['a read view without lines', { ...readView, lines: undefined }],
    ['a read view with a line beyond the total', { ...readView, lines: [{ number: 2, text: 'x' }] }],
    ['a read view with non-string content', { ...readView, content: 1 }],
    ['a search view of unknown shape', { card: 'search', shape: 'tree', truncated: false, total: 0 }],
    ['a search view with bad ranges', {
      card: 'search', shape: 'matches', truncated: false, total: 1,
      files: [{ path: 'a', matches: [{ lineNumber: 1, line: 'ab', ranges: [[1, 9]] }] }],
    }],
  ])('rejects %s', (_, view) => {
    expect(resultViewFromWire(view)).toBeUndefined();
  });
});

describe('callViewFromWire', () => {
  it('accepts a generic call view with kind and locations', () => {
    const view = { card: 'generic', title: 'Read a.ts (10 - 40)', kind: 'read', locations: [{ path: 'a.ts', line: 10 }] };
    expect(callViewFromWire(view)).toEqual(view);
  });

  it.each([
    ['a missing title', { card: 'generic' }],
    ['an unknown kind', { card: 'generic', title: 't', kind: 'teleport' }],
    ['a non-generic card', { card: 'read', title: 't' }],
    ['a location line 0', { card: 'generic', title: 't', locations: [{ path: 'a', line: 0 }] }],
    ['locations not an array', { card: 'generic', title: 't', locations: 'a' }],
  ])('rejects %s', (_, view) => {
    expect(callViewFromWire(view)).toBeUndefined();
  });
});
