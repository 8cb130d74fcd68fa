import { describe, expect, it } from 'vitest';
import { editorTargetOf } from './editor-target';

describe('editorTargetOf', () => {
  it('links to the session’s folder, else the server’s workspace', () => {
    expect(editorTargetOf({ editor: 'zed', workspace: '/srv/w' }, { cwd: '/home/me/other' })).toEqual({ editor: 'zed', cwd: '/home/me/other' });
    expect(editorTargetOf({ editor: 'vscode', workspace: '/srv/w' }, null)).toEqual({ editor: 'vscode', cwd: '/srv/w' });
  });

  it('has nothing before the server answered', () => {
    expect(editorTargetOf(null, { cwd: '/w' })).toBeNull();
  });
});
