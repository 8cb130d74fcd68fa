import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ServerFrame, SessionEvent } from '@toolcards/protocol';
import { ClientProvider } from '../store/client-context';
import { clientForTests, ingestForTests } from '../test-support/client-for-tests';
import type { SessionClient } from '../store/session-client';
import { TimelineRowView } from './timeline-row-view';
import { ingestFrames } from '../test-support/store-frames';
import { cardChunksReady } from '../cards/result-card';

// The cards fetched with the page are in before anything is drawn here.
beforeAll(() => cardChunksReady);

type Data<T extends SessionEvent['type']> = Extract<SessionEvent, { type: T }>['data'];

function frame<T extends SessionEvent['type']>(seq: number, type: T, data: Data<T>, view?: unknown): ServerFrame {
  return { type: 'event', sessionId: 's1', event: { seq, time: 't', type, data } as SessionEvent, ...(view === undefined ? {} : { view }) };
}

/** Renders row `index` of the client's timeline (re-rendered on store changes by the caller). */
function renderRow(client: SessionClient, index = 0) {
  const row = () => client.store.state.getState().rows[index]!;
  const view = render(
    <ClientProvider client={client}>
      <TimelineRowView row={row()} />
    </ClientProvider>,
  );
  return {
    ...view,
    update: () =>
      view.rerender(
        <ClientProvider client={client}>
          <TimelineRowView row={row()} />
        </ClientProvider>,
      ),
  };
}

describe('TimelineRowView', () => {
  let client: SessionClient;
  beforeEach(() => {
    client = clientForTests();
  });

  it('shows a pending call card, then the result card in its place', () => {
    ingestForTests(client, [frame(0, 'tool/call', { callId: 'c', name: 'read', args: { path: 'src/a.ts' }, origin: 'user' }, { card: 'generic', title: 'Read src/a.ts', kind: 'read', locations: [{ path: 'src/a.ts' }] })]);
    const { container, update } = renderRow(client);
    expect(container.textContent).toContain('Read src/a.ts');
    expect(container.textContent).toContain('running');
    ingestForTests(client, [frame(1, 'tool/result', { callId: 'c', content: [{ type: 'text', text: 'plain output' }], isError: false }, { card: 'generic', title: 'Read src/a.ts', content: 'the file text' })]);
    update();
    expect(container.textContent).toContain('the file text');
    expect(container.textContent).not.toContain('running');
  });

  it('fetches the text of a lean history result whose view it cannot draw, and shows it', async () => {
    const asked: string[] = [];
    client = clientForTests({
      api: { resultText: async (_sessionId, callId) => (asked.push(callId), { callId, isError: false, content: [{ type: 'text', text: 'the model-facing text' }] }) },
    });
    const header = { type: 'session' as const, version: 1, id: 's1', createdAt: 't', cwd: '/w' };
    client.store.openSession('s1');
    ingestFrames(client.store, [
      { type: 'subscribed', sessionId: 's1', header, fromSeq: 0, lastSeq: 1 },
      {
        type: 'history',
        sessionId: 's1',
        items: [
          { event: { seq: 0, time: 't', type: 'tool/call', data: { callId: 'c', name: 'lookup', args: {}, origin: 'user' } } },
          { event: { seq: 1, time: 't', type: 'tool/result', data: { callId: 'c', content: [], isError: false } }, view: { card: 'teleport', title: 'Lookup' }, contentOmitted: true },
        ],
      },
      { type: 'caught-up', sessionId: 's1', lastSeq: 1 },
    ]);
    client.store.publish();
    const { container } = renderRow(client);
    expect(container.textContent).toContain('Loading the output…');
    expect(await screen.findByText('the model-facing text')).toBeTruthy();
    expect(container.textContent).toContain('Lookup');
    expect(asked).toEqual(['c']);
  });

  it('falls back to a generic card for a malformed view, and shows tool errors', () => {
    ingestForTests(client, [
      frame(0, 'tool/call', { callId: 'c', name: 'read', args: {}, origin: 'user' }, { card: 'teleport' }),
      frame(1, 'tool/call', { callId: 'd', name: 'read', args: { path: 'src/x.ts' }, origin: 'user' }, { card: 'generic', title: 'Read src/x.ts', kind: 'read' }),
      frame(2, 'tool/result', { callId: 'd', content: [{ type: 'text', text: 'no such file' }], isError: true, error: { code: 'FS_NOT_FOUND', message: 'src/x.ts does not exist' } }),
    ]);
    expect(renderRow(client, 0).container.textContent).toContain('read');
    renderRow(client, 1);
    const error = screen.getByRole('article', { name: 'Error: Read src/x.ts — file not found' });
    expect(error.querySelector('.tc-generic__code')!.textContent).toBe('FS_NOT_FOUND');
    expect(error.textContent).toContain('src/x.ts does not exist');
  });

  it('marks a call the turn left without a result as cancelled', () => {
    ingestForTests(client, [
      frame(0, 'tool/call', { callId: 'c', name: 'grep', args: {}, origin: 'model' }, { card: 'generic', title: 'Grep TODO', kind: 'search' }),
      frame(1, 'turn/end', { reason: 'cancelled' }),
    ]);
    expect(renderRow(client, 0).container.textContent).toMatch(/Grep TODO.*cancelled/);
    expect(renderRow(client, 1).container.textContent).toContain('Turn cancelled');
  });

  it('shows the error of a failed turn and the reason of a stopped one', () => {
    ingestForTests(client, [frame(0, 'turn/end', { reason: 'error', error: 'The model API refused the key (401).' }), frame(1, 'turn/end', { reason: 'step-limit' })]);
    renderRow(client, 0);
    expect(screen.getByRole('alert').textContent).toContain('The model API refused the key (401).');
    expect(renderRow(client, 1).container.textContent).toContain('step limit');
  });

  it('shows user and streamed assistant text as text, not HTML', () => {
    ingestForTests(client, [
      frame(0, 'user/message', { text: 'what is <b>this</b>?' }),
      frame(1, 'assistant/text', { messageId: 'm', delta: 'It is ' }),
      frame(2, 'assistant/text', { messageId: 'm', delta: '<i>markup</i>.' }),
    ]);
    const user = renderRow(client, 0).container;
    expect(user.textContent).toBe('what is <b>this</b>?');
    expect(user.querySelector('b')).toBeNull();
    const assistant = renderRow(client, 1).container;
    expect(assistant.textContent).toBe('It is <i>markup</i>.');
    expect(assistant.querySelector('i')).toBeNull();
  });

  it('asks for a read when a card opens a location, and passes the target line to the echo', async () => {
    vi.spyOn(client, 'runTool').mockReturnValue(true);
    ingestForTests(client, [
      frame(0, 'tool/call', { callId: 'g', name: 'glob', args: { pattern: '*.ts' }, origin: 'user' }),
      frame(1, 'tool/result', { callId: 'g', content: [{ type: 'text', text: 'src/a.ts' }], isError: false }, { card: 'search', shape: 'paths', paths: ['src/a.ts'], truncated: false, total: 1 }),
    ]);
    renderRow(client, 0);
    await userEvent.click(screen.getByRole('button', { name: 'Open src/a.ts' }));
    expect(client.runTool).toHaveBeenCalledWith('read', { path: 'src/a.ts' });

    client.openLocation({ path: 'src/a.ts', line: 30 });
    expect(client.runTool).toHaveBeenLastCalledWith('read', { path: 'src/a.ts', offset: 20 });
    ingestForTests(client, [frame(2, 'tool/call', { callId: 'r', name: 'read', args: { path: 'src/a.ts', offset: 20 }, origin: 'user' })]);
    const state = client.store.state.getState();
    expect(state.targetLines.get('r')).toBe(30);
    expect(state.reveal?.callId).toBe('r');
  });

  it('shows the latest read card again, flashed, instead of adding an identical one; a new read otherwise', () => {
    const runTool = vi.spyOn(client, 'runTool').mockReturnValue(true);
    const readA = (seq: number, callId: string, args: { path: string; offset?: number }, isError = false) => [
      frame(seq, 'tool/call', { callId, name: 'read', args, origin: 'user' }),
      frame(seq + 1, 'tool/result', { callId, content: [{ type: 'text', text: 'x' }], isError, ...(isError ? { error: { code: 'FS_NOT_FOUND', message: 'gone' } } : {}) }),
    ];
    ingestForTests(client, readA(0, 'r1', { path: 'src/a.ts', offset: 20 }));

    client.openLocation({ path: 'src/a.ts', line: 30 });
    expect(runTool).not.toHaveBeenCalled();
    expect(client.store.state.getState().reveal).toMatchObject({ callId: 'r1', flash: true });
    expect(client.store.state.getState().targetLines.get('r1')).toBe(30);

    // Another window of the same file is another card.
    client.openLocation({ path: 'src/a.ts', line: 90 });
    expect(runTool).toHaveBeenLastCalledWith('read', { path: 'src/a.ts', offset: 80 });

    // Once another read came after it, the same location makes a new card.
    ingestForTests(client, readA(2, 'r2', { path: 'src/b.ts' }));
    client.openLocation({ path: 'src/a.ts', line: 30 });
    expect(runTool).toHaveBeenLastCalledWith('read', { path: 'src/a.ts', offset: 20 });

    // A read that failed is run again: the file may be there now.
    ingestForTests(client, readA(4, 'r3', { path: 'gone.ts' }, true));
    runTool.mockClear();
    client.openLocation({ path: 'gone.ts' });
    expect(runTool).toHaveBeenCalledWith('read', { path: 'gone.ts' });
  });
});
