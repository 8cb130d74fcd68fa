import { createRef } from 'react';
import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import { rawBidiControls } from '../cards/text/raw-controls';
import { ClientProvider } from '../store/client-context';
import { clientForTests } from '../test-support/client-for-tests';
import { AppHeader } from './app-header';

describe('AppHeader', () => {
  it('shows bidi and zero-width characters in the workspace and model as escape chips, in text and tooltips', () => {
    const client = clientForTests();
    client.store.state.setState({
      server: { version: 'test', workspace: '/srv/\u202Ecod.exe', model: { model: 'deep\u200Bseek', baseUrl: 'https://api.example/\u202E' }, editor: 'vscode' },
    });
    const { container } = render(
      <ClientProvider client={client}>
        <AppHeader sessionsOpen={false} onToggleSessions={() => {}} />
      </ClientProvider>,
    );
    const workspace = container.querySelector('.app-header__workspace')!;
    expect(workspace.textContent).toBe('/srv/U+202Ecod.exe');
    expect(workspace.getAttribute('title')).toBe('/srv/[U+202E]cod.exe');
    const model = container.querySelector('.app-header__model')!;
    expect(model.querySelector('.app-header__model-label')!.textContent).toBe('deepU+200Bseek');
    expect(model.getAttribute('title')).toBe('deep[U+200B]seek at https://api.example/[U+202E]');
    expect(rawBidiControls(container)).toEqual([]);
    expect(container.innerHTML).not.toContain('\u200B');
    expect(screen.getByRole('img', { name: /^U\+202E right-to-left override/ })).toBeTruthy();
    expect(screen.getByRole('img', { name: /^U\+200B zero width space/ })).toBeTruthy();
  });

  it('keeps the Sessions button named "☰ Sessions" when a narrow screen shows only its ☰, and hands its element to the drawer', () => {
    const client = clientForTests();
    const button = createRef<HTMLButtonElement>();
    const { container } = render(
      <ClientProvider client={client}>
        <AppHeader sessionsOpen={false} onToggleSessions={() => {}} sessionsButtonRef={button} inert />
      </ClientProvider>,
    );
    const sessions = screen.getByRole('button', { name: '☰ Sessions', hidden: true });
    expect(button.current).toBe(sessions);
    // The word is its own element: app.css hides it visually (never from the accessible name) at 480 px.
    expect(sessions.querySelector('.app-header__sessions-label')!.textContent).toBe('Sessions');
    // Behind the open drawer the header is out of reach.
    expect(container.querySelector('header')!.hasAttribute('inert')).toBe(true);
  });
});
