import { describe, expect, it } from 'vitest';
import { durationText, exitBadge } from './terminal-header-text';

describe('exitBadge', () => {
  it.each([
    ['success', { exitCode: 0 }, 'ok', 'exit 0'],
    ['a non-zero status', { exitCode: 2 }, 'failed', 'exit 2'],
    ['a negative status', { exitCode: -1 }, 'failed', 'exit -1'],
    ['no status', { exitCode: null }, 'killed', 'killed'],
    ['a signal', { exitCode: null, signal: 'SIGKILL' }, 'killed', 'killed (SIGKILL)'],
    ['a signal beside a status (137 after SIGKILL)', { exitCode: 137, signal: 'SIGKILL' }, 'killed', 'killed (SIGKILL)'],
    ['a background shell started, no status yet', { exitCode: null, shellId: 'b1x' }, 'background', 'in background'],
    ['a background shell stopped by a signal', { exitCode: null, shellId: 'b1x', signal: 'SIGTERM' }, 'killed', 'killed (SIGTERM)'],
    ['interrupted, whatever the status', { exitCode: 130, signal: 'SIGINT', interrupted: true }, 'interrupted', 'interrupted'],
  ])('%s', (_, view, tone, text) => {
    expect(exitBadge(view)).toMatchObject({ tone, text });
  });
});

describe('durationText', () => {
  it.each([
    [0, '0 ms'],
    [849.6, '850 ms'],
    [1_000, '1.0 s'],
    [1_560, '1.5 s'],
    [12_900, '12 s'],
    [125_000, '2 min 5 s'],
    [3_780_000, '1 h 3 min'],
  ])('%d ms is %s', (ms, text) => {
    expect(durationText(ms)).toBe(text);
  });
});
