import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import type { SessionSummary } from '@toolcards/protocol';
import { rawBidiControls } from '../cards/text/raw-controls';
import { ClientProvider } from '../store/client-context';
import { clientForTests } from '../test-support/client-for-tests';
import { SessionList } from './session-list';

const hostile: SessionSummary = {
  id: 's1',
  title: 'fix invoice\u202Efdp.exe',
  cwd: '/home/me/pro\u200Bject\u202E',
  createdAt: '2025-01-01T00:00:00Z',
  lastActivity: 'soon\u202E',
  eventCount: 2,
};

describe('SessionList', () => {
  it('shows bidi and zero-width characters in titles and folders as escape chips, in text and tooltips', async () => {
    const client = clientForTests({ api: { sessions: async () => [hostile] } });
    const { container } = render(
      <ClientProvider client={client}>
        <SessionList onOpened={() => {}} />
      </ClientProvider>,
    );
    const title = await screen.findByText((_, element) => element?.classList.contains('session-list__title') ?? false);
    expect(title.textContent).toBe('fix invoiceU+202Efdp.exe');
    const cwd = container.querySelector('.session-list__cwd')!;
    expect(cwd.textContent).toBe('/home/me/proU+200BjectU+202E');
    expect(cwd.getAttribute('title')).toBe('/home/me/pro[U+200B]ject[U+202E]');
    expect(container.querySelector('time')?.textContent).toBe('soonU+202E');
    expect(rawBidiControls(container)).toEqual([]);
    expect(container.innerHTML).not.toContain('\u200B');
    expect(screen.getAllByRole('img', { name: /^U\+202E right-to-left override/ })).toHaveLength(3);
    expect(screen.getByRole('img', { name: /^U\+200B zero width space/ })).toBeTruthy();
  });

  it('shows a failure message with its escapes too', async () => {
    const client = clientForTests({ api: { sessions: async () => { throw new Error('cannot read /data/\u202Eevil'); } } });
    const { container } = render(
      <ClientProvider client={client}>
        <SessionList onOpened={() => {}} />
      </ClientProvider>,
    );
    expect((await screen.findByText(/Could not list sessions/)).textContent).toBe('Could not list sessions: cannot read /data/U+202Eevil');
    expect(rawBidiControls(container)).toEqual([]);
  });
});
