import { describe, expect, it } from 'vitest';
import type { SessionSummary } from '@toolcards/protocol';
import { initialSession } from './initial-session';

const summary = (id: string, cwd: string): SessionSummary => ({ id, cwd, title: id, createdAt: 't', lastActivity: 't', eventCount: 1, toolCalls: 0, paths: [], source: 'toolcards' });

describe('initialSession', () => {
  const sessions = [summary('other', '/elsewhere'), summary('newest', '/w'), summary('older', '/w')];

  it('reopens the session named in the URL', () => {
    expect(initialSession('older', sessions, '/w')).toEqual({ open: 'older' });
  });

  it('opens the newest session of this workspace', () => {
    expect(initialSession(undefined, sessions, '/w')).toEqual({ open: 'newest' });
  });

  it('trusts the server\'s workspace filter when no cwd matches exactly (a symlinked path)', () => {
    expect(initialSession(undefined, [summary('linked', '/real/w')], '/w')).toEqual({ open: 'linked' });
  });

  it('starts a blank one (created by its first command) when the workspace has none', () => {
    expect(initialSession(undefined, [], '/w')).toEqual({ draft: true });
  });
});
