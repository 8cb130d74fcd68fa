import { describe, expect, it } from 'vitest';
import { terminalMetaFromMeta, terminalViewFromMeta } from './terminal-view';

const good = {
  command: 'npm test -- --color',
  cwd: '/home/me/project',
  exitCode: 1,
  durationMs: 1520,
  output: '\u001b[31mFAIL\u001b[0m src/a.test.ts\r\n',
  stderr: 'npm ERR! Test failed.\n',
  truncated: true,
  spillPath: '/data/spill/bash-1.txt',
  interrupted: false,
  shellId: 'bash_2',
};

/** `good` with one field replaced (or removed, with `undefined`). */
function withField(field: string, value: unknown): Record<string, unknown> {
  const copy: Record<string, unknown> = { ...good };
  if (value === undefined) delete copy[field];
  else copy[field] = value;
  return copy;
}

describe('terminalMetaFromMeta accepts', () => {
  it('every field, ANSI escapes and carriage returns kept as they were', () => {
    expect(terminalMetaFromMeta(good)).toEqual(good);
  });

  it('only the required fields', () => {
    const bare = { command: 'ls', exitCode: 0, output: '', truncated: false };
    expect(terminalMetaFromMeta(bare)).toEqual(bare);
  });

  it('a killed command: exitCode null with a signal', () => {
    expect(terminalMetaFromMeta({ ...good, exitCode: null, signal: 'SIGKILL' })).toMatchObject({ exitCode: null, signal: 'SIGKILL' });
  });

  it('a negative exit code (Windows statuses)', () => {
    expect(terminalMetaFromMeta(withField('exitCode', -1073741510))).toBeDefined();
  });

  it('drops unknown fields rather than passing them on', () => {
    expect(terminalMetaFromMeta({ ...good, extra: '<script>' })).toEqual(good);
  });

  it('as the terminal card, with its title', () => {
    expect(terminalViewFromMeta(good, 'Run npm test')).toEqual({ card: 'terminal', title: 'Run npm test', ...good });
  });
});

describe('terminalMetaFromMeta rejects', () => {
  it.each([
    ['undefined', undefined],
    ['null', null],
    ['a string', 'ls'],
    ['a number', 0],
    ['an array', [good]],
  ])('a non-object meta: %s', (_, meta) => {
    expect(terminalMetaFromMeta(meta)).toBeUndefined();
    expect(terminalViewFromMeta(meta)).toBeUndefined();
  });

  it.each([
    ['missing command', 'command', undefined],
    ['empty command', 'command', ''],
    ['an argv command (the importer joins it)', 'command', ['npm', 'test']],
    ['empty cwd', 'cwd', ''],
    ['non-string cwd', 'cwd', 3],
    ['missing exitCode (null says unknown)', 'exitCode', undefined],
    ['string exitCode', 'exitCode', '1'],
    ['fractional exitCode', 'exitCode', 1.5],
    ['NaN exitCode', 'exitCode', Number.NaN],
    ['empty signal', 'signal', ''],
    ['numeric signal', 'signal', 9],
    ['negative durationMs', 'durationMs', -1],
    ['string durationMs', 'durationMs', '15ms'],
    ['infinite durationMs', 'durationMs', Number.POSITIVE_INFINITY],
    ['missing output', 'output', undefined],
    ['non-string output', 'output', ['line']],
    ['null stderr', 'stderr', null],
    ['missing truncated', 'truncated', undefined],
    ['string truncated', 'truncated', 'false'],
    ['empty spillPath', 'spillPath', ''],
    ['non-boolean interrupted', 'interrupted', 1],
    ['empty shellId', 'shellId', ''],
    ['numeric shellId', 'shellId', 2],
  ])('%s', (_, field, value) => {
    expect(terminalMetaFromMeta(withField(field, value))).toBeUndefined();
  });

  it('a revoked proxy (hostile value) without throwing', () => {
    const { proxy, revoke } = Proxy.revocable({}, {});
    revoke();
    expect(terminalMetaFromMeta(proxy)).toBeUndefined();
  });
});
