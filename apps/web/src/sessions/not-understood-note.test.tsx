import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import type { SessionSummary } from '@toolcards/protocol';
import { ClientProvider } from '../store/client-context';
import { clientForTests } from '../test-support/client-for-tests';
import { SessionList } from './session-list';
import { notUnderstoodWords } from './not-understood-note';

const mirrored = (notUnderstood?: SessionSummary['notUnderstood']): SessionSummary => ({
  id: 'cc-85804c32-f313-4d87-89d1-9d1d84ffb501',
  title: 'Look at the sources',
  cwd: '/home/me/app',
  createdAt: '2026-12-01T00:00:00Z',
  lastActivity: '2026-12-01T00:00:00Z',
  eventCount: 4,
  toolCalls: 2,
  paths: [],
  source: 'claude-code',
  ...(notUnderstood === undefined ? {} : { notUnderstood }),
});

function listing(session: SessionSummary) {
  const client = clientForTests({ api: { sessions: async () => [session] } });
  return render(
    <ClientProvider client={client}>
      <SessionList onOpened={() => {}} />
    </ClientProvider>,
  );
}

describe('records not understood, on a mirrored session', () => {
  it('says how many records were not understood and of which types, on the session row', async () => {
    listing(mirrored({ total: 3, types: ['brand-new-record-type', 'malformed'] }));
    const note = await screen.findByText('3 records not understood (types brand-new-record-type, malformed)');
    expect(note.closest('button')?.textContent).toContain('Look at the sources');
  });

  it('says nothing when every record was understood', async () => {
    const { container } = listing(mirrored());
    await screen.findByText('Look at the sources');
    expect(container.textContent).not.toContain('not understood');
  });

  it('shows an invented type name with its invisible characters as escapes', async () => {
    const { container } = listing(mirrored({ total: 1, types: ['x\u202Eexe'] }));
    await screen.findByText('Look at the sources');
    const note = container.querySelector('.session-list__not-understood')!;
    expect(note.textContent).toBe('1 record not understood (type xU+202Eexe)');
    expect(container.innerHTML).not.toContain('\u202E');
  });

  it('words one record and one type in the singular', () => {
    expect(notUnderstoodWords({ total: 1, types: ['hologram'] })).toBe('1 record not understood (type hologram)');
    expect(notUnderstoodWords({ total: 1200, types: [] })).toBe('1,200 records not understood');
  });
});
