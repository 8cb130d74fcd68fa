import { describe, expect, it } from 'vitest';
import { sessionIdSchema } from '@toolcards/protocol';
import {
  assertSessionId,
  dataDirLayout,
  InvalidSessionIdError,
  newSessionId,
  resolveDataDir,
  sessionIdFromLogName,
  sessionLogPath,
  sessionSpillDir,
} from './data-dir';

describe('resolveDataDir', () => {
  const base = { cwd: '/work', homeDir: '/home/ada' };

  it('defaults to ~/.toolcards', () => {
    expect(resolveDataDir({ ...base, env: {} })).toBe('/home/ada/.toolcards');
  });

  it('prefers the flag over TOOLCARDS_HOME over the default', () => {
    expect(resolveDataDir({ ...base, env: { TOOLCARDS_HOME: '/env' } })).toBe('/env');
    expect(resolveDataDir({ ...base, flag: '/flag', env: { TOOLCARDS_HOME: '/env' } })).toBe('/flag');
  });

  it('ignores an empty TOOLCARDS_HOME', () => {
    expect(resolveDataDir({ ...base, env: { TOOLCARDS_HOME: '  ' } })).toBe('/home/ada/.toolcards');
  });

  it('expands ~/ and resolves relative paths against cwd', () => {
    expect(resolveDataDir({ ...base, flag: '~/data', env: {} })).toBe('/home/ada/data');
    expect(resolveDataDir({ ...base, flag: '~', env: {} })).toBe('/home/ada');
    expect(resolveDataDir({ ...base, flag: 'rel/dir', env: {} })).toBe('/work/rel/dir');
  });
});

describe('session paths', () => {
  const layout = dataDirLayout('/data');

  it('places logs and spill folders inside the data dir', () => {
    expect(sessionLogPath(layout, 'abc-1')).toBe('/data/sessions/abc-1.jsonl');
    expect(sessionSpillDir(layout, 'abc-1')).toBe('/data/spill/abc-1');
  });

  it.each(['', '../etc/passwd', '..', 'a/b', 'a\\b', 'a.b', '%2e%2e', 'x'.repeat(65), 'a\0b'])(
    'refuses %j as a session id',
    (id) => {
      expect(() => sessionLogPath(layout, id)).toThrow(InvalidSessionIdError);
      expect(() => sessionSpillDir(layout, id)).toThrow(InvalidSessionIdError);
    },
  );

  it('reads ids back from log file names only', () => {
    expect(sessionIdFromLogName('abc.jsonl')).toBe('abc');
    expect(sessionIdFromLogName('abc.jsonl.lock')).toBeUndefined();
    expect(sessionIdFromLogName('index.json')).toBeUndefined();
    expect(sessionIdFromLogName('a.b.jsonl')).toBeUndefined();
  });

  it('accepts a valid id unchanged', () => {
    expect(assertSessionId('A_z-9')).toBe('A_z-9');
  });
});

describe('newSessionId', () => {
  it('is sortable by time and a valid session id', () => {
    const id = newSessionId(new Date('2025-03-04T05:06:07.890Z'), () => Buffer.from([0xab, 0xcd, 0xef]));
    expect(id).toBe('20250304-050607-abcdef');
    expect(sessionIdSchema.safeParse(id).success).toBe(true);
  });

  it('differs between two calls in the same second', () => {
    const now = new Date();
    expect(newSessionId(now)).not.toBe(newSessionId(now));
  });
});
