import { describe, expect, it } from 'vitest';
import { SESSION_ID_PATTERN } from '@toolcards/protocol';
import { mirrorIdOf } from './mirror-id';

describe('mirrorIdOf', () => {
  it("names a Claude Code transcript by its session uuid and a Codex rollout by the rollout's uuid", () => {
    expect(mirrorIdOf('claude-code', '/h/.claude/projects/-w/0f6c9d3e-1b2a-4c5d-8e9f-0a1b2c3d4e5f.jsonl')).toBe('cc-0f6c9d3e-1b2a-4c5d-8e9f-0a1b2c3d4e5f');
    expect(mirrorIdOf('codex', '/h/.codex/sessions/2026/12/01/rollout-2026-12-01T10-00-00-0199a1b2-c3d4-7e5f-8a9b-0c1d2e3f4a5b.jsonl')).toBe(
      'cx-0199a1b2-c3d4-7e5f-8a9b-0c1d2e3f4a5b',
    );
  });
  it('gives any other file name a valid id that stays the same for the same path', () => {
    const id = mirrorIdOf('claude-code', '/h/.claude/projects/-w/my notes ✓.jsonl');
    expect(id).toMatch(SESSION_ID_PATTERN);
    expect(mirrorIdOf('claude-code', '/h/.claude/projects/-w/my notes ✓.jsonl')).toBe(id);
    expect(mirrorIdOf('claude-code', '/h/.claude/projects/-w/other.jsonl')).not.toBe(id);
  });
});
