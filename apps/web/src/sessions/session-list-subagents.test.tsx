import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import type { SessionSummary } from '@toolcards/protocol';
import { ClientProvider } from '../store/client-context';
import { clientForTests } from '../test-support/client-for-tests';
import { SessionList } from './session-list';

function summary(id: string, title: string, lastActivity: string, parentId?: string): SessionSummary {
  return {
    id,
    title,
    cwd: '/w',
    createdAt: '2026-12-01T10:00:00Z',
    lastActivity,
    eventCount: 2,
    toolCalls: 1,
    paths: [],
    source: 'claude-code',
    ...(parentId !== undefined ? { parentId } : {}),
  };
}

describe('SessionList with subagent sessions', () => {
  it('lists a subagent session right under the session that started it, indented and labelled', async () => {
    // Newest first, as the server lists them: the subagent finished after an unrelated session started.
    const sessions = [
      summary('cc-child', 'Subagent: read README.md', '2026-12-01T10:05:00Z', 'cc-parent'),
      summary('cc-other', 'Another session', '2026-12-01T10:04:00Z'),
      summary('cc-parent', 'Look at the sources', '2026-12-01T10:03:00Z'),
    ];
    const client = clientForTests({ api: { sessions: async () => sessions } });
    const { container } = render(
      <ClientProvider client={client}>
        <SessionList onOpened={() => {}} />
      </ClientProvider>,
    );
    await screen.findByText('Look at the sources');
    const rows = [...container.querySelectorAll('.session-list__items > li')];
    expect(rows.map((row) => row.querySelector('.session-list__title')!.textContent)).toEqual(['Another session', 'Look at the sources', 'Subagent: read README.md']);
    expect(rows.map((row) => row.classList.contains('session-list__subagent'))).toEqual([false, false, true]);
    expect(rows[2]!.querySelector('.session-list__subagent-label')?.textContent).toBe('subagent');
    expect(container.querySelectorAll('.session-list__subagent-label')).toHaveLength(1);
  });
});
