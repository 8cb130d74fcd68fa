import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { Workbench } from '../app/workbench';
import { ClientProvider } from '../store/client-context';
import { clientForTests } from '../test-support/client-for-tests';
import { stubScreen } from '../test-support/stub-screen';
import { apiFileCards, filesSeenFixture } from '../test-support/files-seen-fixtures';
import { ingestFrames } from '../test-support/store-frames';

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

/** The workbench on session s1 (opened by the client's start, its empty history caught up). */
async function renderWorkbench() {
  const filesSeen = vi.fn(async (sessionId: string) => ({ sessionId, throughSeq: -1, files: [...filesSeenFixture] }));
  const fileCards = vi.fn(async (sessionId: string, path: string) => ({ sessionId, throughSeq: -1, file: { ...filesSeenFixture.find((file) => file.path === path)!, cards: apiFileCards } }));
  const client = clientForTests({ api: { filesSeen, fileCards } });
  const openCard = vi.spyOn(client, 'openCard').mockImplementation(() => {});
  render(
    <ClientProvider client={client}>
      <Workbench />
    </ClientProvider>,
  );
  await waitFor(() => expect(client.store.state.getState().sessionId).toBe('s1'));
  ingestFrames(client.store, [{ type: 'caught-up', sessionId: 's1', lastSeq: -1 }]);
  return { filesButton: screen.getByRole('button', { name: 'Files' }), filesSeen, fileCards, openCard };
}

describe('the Files panel in the workbench', () => {
  it('on a wide screen is a column beside the timeline listing the session’s files; choosing a card opens it', async () => {
    stubScreen(false);
    const { filesButton, filesSeen, openCard } = await renderWorkbench();
    expect(filesButton.getAttribute('aria-expanded')).toBe('false');
    fireEvent.click(filesButton);
    expect(filesButton.getAttribute('aria-expanded')).toBe('true');
    expect(screen.queryByRole('dialog')).toBeNull();
    const panel = document.getElementById(filesButton.getAttribute('aria-controls')!)!;
    expect(panel.classList.contains('app__files')).toBe(true);
    // Asked once history caught up and events paused (the feed's quiet time).
    const list = await within(panel).findByRole('list', { name: 'Files the session touched' }, { timeout: 5_000 });
    expect(filesSeen).toHaveBeenCalledWith('s1', undefined);
    fireEvent.click(within(list).getByRole('button', { name: /api\.ts/ }));
    const cards = await within(panel).findByRole('list', { name: 'Cards of packages/server/src/api.ts' });
    fireEvent.click(within(cards).getAllByRole('button')[1]!);
    expect(openCard).toHaveBeenCalledWith('s1', 6);
    // Nothing is inert beside a column; the panel stays open.
    expect(document.querySelector('.app__main')!.hasAttribute('inert')).toBe(false);
    expect(filesButton.getAttribute('aria-expanded')).toBe('true');
  });

  it('on a narrow screen is a focused modal drawer; Escape closes it and focus returns to the Files button', async () => {
    stubScreen(true);
    const { filesButton, openCard } = await renderWorkbench();
    fireEvent.click(filesButton);
    const drawer = screen.getByRole('dialog', { name: 'Files' });
    expect(drawer.getAttribute('aria-modal')).toBe('true');
    await waitFor(() => expect(document.activeElement).toBe(drawer));
    expect(document.querySelector('.app-header')!.hasAttribute('inert')).toBe(true);
    expect(document.querySelector('.app__main')!.hasAttribute('inert')).toBe(true);
    fireEvent.keyDown(drawer, { key: 'Escape' });
    expect(screen.queryByRole('dialog')).toBeNull();
    await waitFor(() => expect(document.activeElement).toBe(filesButton));

    // Choosing a card closes the drawer: the timeline shows it.
    fireEvent.click(filesButton);
    const list = await screen.findByRole('list', { name: 'Files the session touched' }, { timeout: 5_000 });
    fireEvent.click(within(list).getByRole('button', { name: /api\.ts/ }));
    fireEvent.click(within(await screen.findByRole('list', { name: 'Cards of packages/server/src/api.ts' })).getAllByRole('button')[0]!);
    expect(openCard).toHaveBeenCalledWith('s1', 4);
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});
