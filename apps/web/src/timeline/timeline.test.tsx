import { afterEach, describe, expect, it, vi } from 'vitest';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ServerFrame } from '@toolcards/protocol';
import { ClientProvider } from '../store/client-context';
import { clientForTests, ingestForTests } from '../test-support/client-for-tests';
import { Timeline } from './timeline';

describe('Timeline', () => {
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it('keeps the DOM small for a session of 5,000 cards', () => {
    // Happy-dom has no layout: give the scroller a viewport (rows keep their estimated heights).
    vi.spyOn(HTMLElement.prototype, 'clientHeight', 'get').mockImplementation(function (this: HTMLElement) {
      return this.classList.contains('timeline__scroller') ? 800 : 0;
    });
    vi.spyOn(HTMLElement.prototype, 'clientWidth', 'get').mockReturnValue(900);
    const client = clientForTests();
    const frames: ServerFrame[] = [];
    for (let seq = 0; seq < 5_000; seq += 1) {
      frames.push({ type: 'event', sessionId: 's1', event: { seq, time: 't', type: 'tool/call', data: { callId: `c${seq}`, name: 'read', args: { path: `f${seq}` }, origin: 'user' } }, view: { card: 'generic', title: `Read f${seq}` } });
    }
    ingestForTests(client, [...frames, { type: 'caught-up', sessionId: 's1', lastSeq: 4_999 }]);
    const { container } = render(
      <ClientProvider client={client}>
        <Timeline />
      </ClientProvider>,
    );
    const rendered = container.querySelectorAll('.timeline__row').length;
    expect(rendered).toBeGreaterThan(0);
    expect(rendered).toBeLessThan(60);
    expect(screen.getByRole('log', { name: 'Session timeline' })).toBeTruthy();
  });

  it('says when a session is loading or empty', () => {
    const client = clientForTests();
    client.store.openSession('s1');
    const { container, rerender } = render(
      <ClientProvider client={client}>
        <Timeline />
      </ClientProvider>,
    );
    expect(container.textContent).toContain('Loading the session');
    ingestForTests(client, [{ type: 'caught-up', sessionId: 's1', lastSeq: -1 }]);
    rerender(
      <ClientProvider client={client}>
        <Timeline />
      </ClientProvider>,
    );
    expect(container.textContent).toContain('Nothing here yet');
  });

  it('offers examples that work in any folder, and runs one on a click', async () => {
    const client = clientForTests();
    const runTool = vi.spyOn(client, 'runTool').mockReturnValue(true);
    ingestForTests(client, []);
    render(
      <ClientProvider client={client}>
        <Timeline />
      </ClientProvider>,
    );
    expect(screen.queryByText(/README/)).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: '/glob *' }));
    expect(runTool).toHaveBeenCalledWith('glob', { pattern: '*' });
    // `*` stays in this folder (issue 23.5); the recursive list is offered beside it.
    await userEvent.click(screen.getByRole('button', { name: '/glob **/*' }));
    expect(runTool).toHaveBeenLastCalledWith('glob', { pattern: '**/*' });
    await userEvent.click(screen.getByRole('button', { name: '/grep TODO' }));
    expect(runTool).toHaveBeenLastCalledWith('grep', { pattern: 'TODO' });
  });
});
