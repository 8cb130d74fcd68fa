import { describe, expect, it } from 'vitest';
import { TOOL_ERROR_CODES } from '@toolcards/protocol';
import { errorPhrase, errorTitle } from './error-phrase';

describe('error titles', () => {
  it('names the call and what went wrong', () => {
    expect(errorTitle('FS_NOT_FOUND', 'Read does/not/exist.ts')).toBe('Read does/not/exist.ts — file not found');
    expect(errorTitle('SEARCH_TIMEOUT', 'Grep "a+"')).toBe('Grep "a+" — search timed out');
  });

  it('says what went wrong on its own when the call is unknown', () => {
    expect(errorTitle('FS_PERMISSION_DENIED', undefined)).toBe('Permission denied');
  });

  it('has words for every code, and shows a code it does not know (or a prototype key) as it is', () => {
    for (const code of TOOL_ERROR_CODES) expect(errorPhrase(code)).not.toBe(code);
    expect(errorPhrase('NEW_CODE')).toBe('NEW_CODE');
    expect(errorPhrase('constructor')).toBe('constructor');
  });
});
