import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import type { ServerFrame } from '@toolcards/protocol';
import { ClientProvider } from '../store/client-context';
import { clientForTests, ingestForTests } from '../test-support/client-for-tests';
import type { SessionClient } from '../store/session-client';
import { ToolRowView } from './tool-row-view';

const call: ServerFrame = {
  type: 'event',
  sessionId: 's1',
  event: { seq: 0, time: 't', type: 'tool/call', data: { callId: 'c', name: 'grep', args: { pattern: 'TODO' }, origin: 'user' } },
  view: { card: 'generic', title: 'Grep TODO', kind: 'search' },
};

function callState(state: 'queued' | 'running'): ServerFrame {
  return { type: 'call-state', sessionId: 's1', callId: 'c', state };
}

function renderCall(client: SessionClient) {
  const row = () => {
    const first = client.store.state.getState().rows[0];
    if (first?.kind !== 'tool') throw new Error('expected a tool row');
    return first;
  };
  const view = render(
    <ClientProvider client={client}>
      <ToolRowView row={row()} />
    </ClientProvider>,
  );
  return { ...view, update: () => view.rerender(<ClientProvider client={client}><ToolRowView row={row()} /></ClientProvider>) };
}

describe('a queued call', () => {
  it('shows as queued while it waits for a slot, then as running', () => {
    const client = clientForTests();
    ingestForTests(client, [call, callState('queued')]);
    const { update } = renderCall(client);
    const card = screen.getByRole('article', { name: 'Grep TODO — queued' });
    expect(card.getAttribute('aria-busy')).toBe('true');
    expect(screen.getByText('Queued — waiting for a free slot')).toBeTruthy();
    expect(screen.queryByText('running…')).toBeNull();
    // Still cancellable: the composer's Cancel shows while anything is open.
    expect(client.store.state.getState().running).toBe(true);

    ingestForTests(client, [callState('running')]);
    update();
    expect(screen.getByRole('article', { name: 'Grep TODO — running' })).toBeTruthy();
    expect(screen.getByText('running…')).toBeTruthy();
    expect(screen.queryByText('Queued — waiting for a free slot')).toBeNull();
  });
});
