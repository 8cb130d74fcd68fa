import { act, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ClientProvider } from '../store/client-context';
import { clientForTests } from '../test-support/client-for-tests';
import { ConnectionIndicator } from './connection-indicator';

describe('ConnectionIndicator', () => {
  it('says Connected for an open socket, before the first session (ready) and after it', () => {
    const client = clientForTests();
    render(
      <ClientProvider client={client}>
        <ConnectionIndicator />
      </ClientProvider>,
    );
    act(() => client.store.setConnection({ status: 'ready' }));
    expect(screen.getByRole('status').textContent).toBe('Connected');
    // The words are its title too: a phone shows only the dot.
    expect(screen.getByRole('status').getAttribute('title')).toBe('Connected');
    act(() => client.store.setConnection({ status: 'connected' }));
    expect(screen.getByRole('status').textContent).toBe('Connected');
    act(() => client.store.setConnection({ status: 'offline', retryAt: Date.now() + 5000 }));
    expect(screen.getByRole('status').textContent).toMatch(/^Offline — retrying in \d+sRetry now$/);
  });
});
