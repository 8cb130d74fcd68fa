import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { ClientProvider } from '../store/client-context';
import { clientForTests } from '../test-support/client-for-tests';
import { stubScreen } from '../test-support/stub-screen';
import { Workbench } from './workbench';

function renderWorkbench() {
  const client = clientForTests();
  render(
    <ClientProvider client={client}>
      <Workbench />
    </ClientProvider>,
  );
  return { sessionsButton: screen.getByRole('button', { name: '☰ Sessions' }) };
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe('Workbench sessions panel', () => {
  it('on a narrow screen is a focused modal drawer over an inert page; Escape closes it and focus returns', async () => {
    stubScreen(true);
    const { sessionsButton } = renderWorkbench();
    fireEvent.click(sessionsButton);
    const drawer = screen.getByRole('dialog', { name: 'Sessions' });
    expect(drawer.getAttribute('aria-modal')).toBe('true');
    expect(drawer.id).toBe(sessionsButton.getAttribute('aria-controls'));
    expect(sessionsButton.getAttribute('aria-expanded')).toBe('true');
    await waitFor(() => expect(document.activeElement).toBe(drawer));
    expect(screen.getByTestId('sessions-scrim')).toBeTruthy();
    // Behind the drawer: out of reach until it closes.
    expect(document.querySelector('.app-header')!.hasAttribute('inert')).toBe(true);
    expect(document.querySelector('.app__main')!.hasAttribute('inert')).toBe(true);

    fireEvent.keyDown(drawer, { key: 'Escape' });
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(sessionsButton.getAttribute('aria-expanded')).toBe('false');
    expect(document.querySelector('.app-header')!.hasAttribute('inert')).toBe(false);
    await waitFor(() => expect(document.activeElement).toBe(sessionsButton));
  });

  it('on a narrow screen closes on a click on the scrim and on choosing a session', async () => {
    stubScreen(true);
    const { sessionsButton } = renderWorkbench();
    fireEvent.click(sessionsButton);
    fireEvent.click(screen.getByTestId('sessions-scrim'));
    expect(screen.queryByRole('dialog')).toBeNull();
    await waitFor(() => expect(document.activeElement).toBe(sessionsButton));

    fireEvent.click(sessionsButton);
    fireEvent.click(await screen.findByRole('button', { name: /First/ }));
    expect(screen.queryByRole('dialog')).toBeNull();
    await waitFor(() => expect(document.activeElement).toBe(sessionsButton));
  });

  it('on a wide screen stays the side panel: no dialog, no scrim, nothing inert, Escape does not close it', async () => {
    stubScreen(false);
    const { sessionsButton } = renderWorkbench();
    fireEvent.click(sessionsButton);
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(screen.queryByTestId('sessions-scrim')).toBeNull();
    // The list's code comes with the panel's first opening.
    expect(await screen.findByRole('navigation', { name: 'Sessions' })).toBeTruthy();
    expect(document.querySelector('.app__main')!.hasAttribute('inert')).toBe(false);
    fireEvent.keyDown(document.body, { key: 'Escape' });
    expect(screen.getByRole('navigation', { name: 'Sessions' })).toBeTruthy();
    fireEvent.click(sessionsButton);
    expect(screen.queryByRole('navigation', { name: 'Sessions' })).toBeNull();
  });
});
