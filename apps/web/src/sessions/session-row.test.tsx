import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import type { SessionSummary } from '@toolcards/protocol';
import { SessionRow } from './session-row';

const listedFromHead: SessionSummary = {
  id: 'cc-85804c32-f313-4d87-89d1-9d1d84ffb501',
  title: 'Look at the sources',
  cwd: '/w',
  createdAt: '2026-12-01T21:04:53.296Z',
  lastActivity: '2026-12-01T21:05:53.296Z',
  eventCount: 0,
  toolCalls: 0,
  paths: [],
  source: 'claude-code',
  mapping: true,
};

describe('SessionRow', () => {
  it('says a session listed from its transcript, not mapped yet, is counting its calls (not that it has none)', () => {
    render(<SessionRow session={listedFromHead} current={false} now={Date.parse('2026-12-01T21:06:00Z')} onOpen={() => {}} />);
    expect(screen.getByRole('button').textContent).toMatch(/Claude Code.* · counting tool calls…$/);
    expect(screen.getByRole('button').textContent).not.toContain('no tool calls');
  });
});
