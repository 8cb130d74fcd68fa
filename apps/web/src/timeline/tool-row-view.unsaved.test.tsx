import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import type { ServerFrame } from '@toolcards/protocol';
import { ClientProvider } from '../store/client-context';
import { clientForTests, ingestForTests } from '../test-support/client-for-tests';
import { ToolRowView } from './tool-row-view';

const call: ServerFrame = {
  type: 'event',
  sessionId: 's1',
  event: { seq: 0, time: 't', type: 'tool/call', data: { callId: 'c', name: 'read', args: { path: 'a.ts' }, origin: 'user' } },
  view: { card: 'generic', title: 'Read a.ts', kind: 'read' },
};

describe('a call whose result could not be saved', () => {
  it('shows as not saved instead of running', () => {
    const client = clientForTests();
    ingestForTests(client, [call, { type: 'call-state', sessionId: 's1', callId: 'c', state: 'unsaved' }]);
    const row = client.store.state.getState().rows[0];
    if (row?.kind !== 'tool') throw new Error('expected a tool row');
    render(
      <ClientProvider client={client}>
        <ToolRowView row={row} />
      </ClientProvider>,
    );
    expect(screen.getByRole('article', { name: 'Read a.ts — not saved' }).getAttribute('aria-busy')).toBe('false');
    expect(screen.queryByText('running…')).toBeNull();
  });
});
