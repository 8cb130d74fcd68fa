import { describe, expect, it } from 'vitest';
import { editorSetting } from './editor-setting';

describe('editorSetting', () => {
  it('defaults to vscode', () => {
    expect(editorSetting(undefined, {})).toEqual({ kind: 'editor', editor: 'vscode' });
    expect(editorSetting(undefined, { TOOLCARDS_EDITOR: '' })).toEqual({ kind: 'editor', editor: 'vscode' });
  });

  it('takes TOOLCARDS_EDITOR, and the flag over it', () => {
    expect(editorSetting(undefined, { TOOLCARDS_EDITOR: 'zed' })).toEqual({ kind: 'editor', editor: 'zed' });
    expect(editorSetting(undefined, { TOOLCARDS_EDITOR: ' none ' })).toEqual({ kind: 'editor', editor: 'none' });
    expect(editorSetting('cursor', { TOOLCARDS_EDITOR: 'idea' })).toEqual({ kind: 'editor', editor: 'cursor' });
    // The flag wins even over a wrong variable: nothing needs fixing to run with the flag.
    expect(editorSetting('idea', { TOOLCARDS_EDITOR: 'emacs' })).toEqual({ kind: 'editor', editor: 'idea' });
  });

  it('refuses a variable that names no known editor, listing the choices', () => {
    expect(editorSetting(undefined, { TOOLCARDS_EDITOR: 'VSCode' })).toEqual({
      kind: 'invalid',
      message: 'TOOLCARDS_EDITOR must be one of vscode, cursor, zed, idea, none, not "VSCode"',
    });
  });
});
