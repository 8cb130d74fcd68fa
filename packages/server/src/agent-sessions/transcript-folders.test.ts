import { describe, expect, it } from 'vitest';
import { transcriptFolders } from './transcript-folders';

describe('transcriptFolders', () => {
  const base = { env: {}, cwd: '/here', homeDir: '/home/me' };
  it("watches ~/.claude/projects and ~/.codex/sessions by default, or the folders CLAUDE_CONFIG_DIR and CODEX_HOME name", () => {
    expect(transcriptFolders({ ...base, claude: undefined, codex: undefined })).toEqual([
      { source: 'claude-code', root: '/home/me/.claude/projects' },
      { source: 'codex', root: '/home/me/.codex/sessions' },
    ]);
    expect(transcriptFolders({ ...base, env: { CLAUDE_CONFIG_DIR: '/cfg/claude', CODEX_HOME: '~/cx' }, claude: undefined, codex: undefined })).toEqual([
      { source: 'claude-code', root: '/cfg/claude/projects' },
      { source: 'codex', root: '/home/me/cx/sessions' },
    ]);
  });
  it('a flag wins over the environment, relative to the current folder; false turns an agent off', () => {
    expect(transcriptFolders({ ...base, env: { CLAUDE_CONFIG_DIR: '/cfg' }, claude: 'elsewhere', codex: false })).toEqual([
      { source: 'claude-code', root: '/here/elsewhere/projects' },
    ]);
  });
});
