import { describe, expect, it } from 'vitest';
import { SessionBusyError, SessionLogChangedError, SessionLogWriteError, WriterLockError } from '@toolcards/session';
import { wireErrorCode } from './wire-error-code';

describe('wireErrorCode', () => {
  it('passes on the code of an error the wire has a code for', () => {
    expect(wireErrorCode(new SessionLogWriteError('disk full', 'ENOSPC'))).toBe('LOG_WRITE_FAILED');
    expect(wireErrorCode(new SessionBusyError('/data/s.jsonl', 4242))).toBe('SESSION_BUSY');
  });

  it('answers INTERNAL for everything else, errno codes and codes the wire does not know included', () => {
    const enoent = Object.assign(new Error('no such file'), { code: 'ENOENT' });
    for (const error of [enoent, new WriterLockError('lock'), new SessionLogChangedError('/s.jsonl', 1, 2), new Error('boom'), 'a string', undefined, null, { code: 42 }]) {
      expect(wireErrorCode(error)).toBe('INTERNAL');
    }
  });
});
