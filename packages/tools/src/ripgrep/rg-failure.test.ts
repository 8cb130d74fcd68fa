import { describe, expect, it } from 'vitest';
import { partialSearchNote, ripgrepExitError, ripgrepStartError, searchAbortedMessage, searchTimeoutMessage } from './rg-failure';

describe('ripgrepStartError', () => {
  it('names bad regexes and globs SEARCH_INVALID_PATTERN, keeping ripgrep\'s words', () => {
    const regex = ripgrepStartError('pattern "("', 'rg: regex parse error:\n    (?:()\n    ^\nerror: unclosed group\n');
    expect(regex.code).toBe('SEARCH_INVALID_PATTERN');
    expect(regex.message).toBe('Invalid pattern "(". ripgrep says:\nrg: regex parse error:\n    (?:()\n    ^\nerror: unclosed group');
    expect(ripgrepStartError('glob "{a"', "rg: error parsing glob '{a': unclosed alternate group").code).toBe('SEARCH_INVALID_PATTERN');
  });

  it('names anything else SEARCH_FAILED', () => {
    expect(ripgrepStartError('pattern "a"', 'rg: No such file or directory')).toEqual({
      code: 'SEARCH_FAILED',
      message: 'The search failed. ripgrep says:\nrg: No such file or directory',
    });
    expect(ripgrepStartError('pattern "a"', '').message).toContain('(nothing)');
  });
});

describe('messages', () => {
  it('say what happened and what to do', () => {
    expect(partialSearchNote('')).toBeUndefined();
    expect(partialSearchNote('rg: ./x: Permission denied\n')).toBe('(Some files could not be searched: rg: ./x: Permission denied)');
    expect(searchTimeoutMessage('grep', 30_000)).toBe('grep stopped after 30 s without finishing. Narrow the path, the pattern or the glob.');
    expect(searchTimeoutMessage('glob', 250)).toContain('250 ms');
    expect(searchAbortedMessage('grep')).toBe('grep was cancelled before it finished.');
  });
});

describe('ripgrepExitError', () => {
  it('lets results stand for exit 0, exit 1 and exit 2 after a search', () => {
    expect(ripgrepExitError(0, '', true, 'pattern')).toBeUndefined();
    expect(ripgrepExitError(1, '', true, 'pattern')).toBeUndefined();
    expect(ripgrepExitError(2, 'rg: x: Permission denied', true, 'pattern')).toBeUndefined();
  });

  it('fails exit 2 before a search, and any other exit', () => {
    expect(ripgrepExitError(2, 'rg: regex parse error', false, 'pattern "("')?.code).toBe('SEARCH_INVALID_PATTERN');
    expect(ripgrepExitError(null, '', false, 'pattern')).toEqual({ code: 'SEARCH_FAILED', message: 'ripgrep ended unexpectedly (exit null).' });
    expect(ripgrepExitError(101, 'panic', true, 'pattern')?.message).toBe('ripgrep ended unexpectedly (exit 101). panic');
  });
});
