import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ServerFrame, SessionEvent } from '@toolcards/protocol';
import { readFixtures } from '../test-support/card-fixtures';
import { ClientProvider } from '../store/client-context';
import { ClientState } from '../store/client-state';
import { clientForTests, ingestForTests } from '../test-support/client-for-tests';
import { TimelineRowView } from './timeline-row-view';
import { ingestFrames } from '../test-support/store-frames';
import { cardChunksReady } from '../cards/result-card';

// The cards fetched with the page are in before anything is drawn here.
beforeAll(() => cardChunksReady);

type Data<T extends SessionEvent['type']> = Extract<SessionEvent, { type: T }>['data'];

function frame<T extends SessionEvent['type']>(seq: number, type: T, data: Data<T>, view?: unknown): ServerFrame {
  return { type: 'event', sessionId: 's1', event: { seq, time: 't', type, data } as SessionEvent, ...(view === undefined ? {} : { view }) };
}

const readView = { ...readFixtures.typescript, lang: undefined };
const readCall = (seq: number, callId: string) => frame(seq, 'tool/call', { callId, name: 'read', args: { path: readView.path }, origin: 'user' });
const readResult = (seq: number, callId: string) => frame(seq, 'tool/result', { callId, content: [{ type: 'text', text: 'x' }], isError: false }, readView);

describe('a result card in the timeline', () => {
  const pageBefore = location.href;
  beforeEach(() => {
    // The start URL, as the CLI prints it: the token in the query.
    history.replaceState(null, '', '/?token=s3cret-token#/s/s1');
  });
  afterEach(() => {
    history.replaceState(null, '', pageBefore);
  });

  it('copies a link to itself, and to its selected lines, with the page origin and path but never the token', async () => {
    const user = userEvent.setup();
    const client = clientForTests();
    ingestForTests(client, [readCall(0, 'c1'), readResult(1, 'c1')]);
    const row = client.store.state.getState().rows[0]!;
    render(
      <ClientProvider client={client}>
        <TimelineRowView row={row} />
      </ClientProvider>,
    );

    await user.click(screen.getByRole('button', { name: 'Copy link' }));
    const cardLink = await navigator.clipboard.readText();
    expect(cardLink).toBe(`${location.origin}/#/s/s1/0`);
    expect(cardLink).not.toContain('token');
    expect(cardLink).not.toContain('s3cret');

    await user.click(screen.getByRole('button', { name: 'Line 2' }));
    await user.keyboard('{Shift>}');
    await user.click(screen.getByRole('button', { name: 'Line 5' }));
    await user.keyboard('{/Shift}');
    expect(client.store.state.getState().addressed).toEqual({ seq: 0, lines: { start: 2, end: 5 }, serial: 0, loading: false });
    await user.click(screen.getByRole('button', { name: /^Copy link|^Copied/ }));
    const lineLink = await navigator.clipboard.readText();
    expect(lineLink).toBe(`${location.origin}/#/s/s1/0/L2-L5`);
    expect(lineLink).not.toContain('token');
  });

  it('has no Copy link while it is a pending call', () => {
    const client = clientForTests();
    ingestForTests(client, [readCall(0, 'c1')]);
    render(
      <ClientProvider client={client}>
        <TimelineRowView row={client.store.state.getState().rows[0]!} />
      </ClientProvider>,
    );
    expect(screen.queryByRole('button', { name: 'Copy link' })).toBeNull();
  });

  it('selects the lines a link names when it is the linked card, and only then', () => {
    const client = clientForTests();
    ingestForTests(client, [readCall(0, 'c1'), readResult(1, 'c1'), readCall(2, 'c2'), readResult(3, 'c2')]);
    // Linked by its result's seq: the row holds it too.
    client.store.openAddress(3, { start: 2, end: 3 });
    const [first, second] = client.store.state.getState().rows;
    const { container } = render(
      <ClientProvider client={client}>
        <TimelineRowView row={first!} />
        <TimelineRowView row={second!} />
      </ClientProvider>,
    );
    const [firstCard, secondCard] = container.querySelectorAll('article');
    expect(firstCard!.querySelectorAll('.tc-read__row.is-selected')).toHaveLength(0);
    expect([...secondCard!.querySelectorAll<HTMLElement>('.tc-read__row.is-selected .tc-read__gutter')].map((number) => number.dataset.lineNumber)).toEqual(['2', '3']);
  });
});

describe('a link to a session this server does not have', () => {
  it('gets a notice in the words of the link', () => {
    const store = new ClientState();
    store.openSession('gone');
    store.openAddress(12, undefined);
    const outcome = ingestFrames(store, [{ type: 'error', code: 'UNKNOWN_SESSION', message: 'no session "gone"', sessionId: 'gone' }]);
    expect(outcome.unknownSession).toBe(true);
    expect(store.state.getState().notices.map(({ code, message }) => `${code}: ${message}`)).toEqual([
      'LINK: The link names session "gone", which this server does not have: showing the newest session instead.',
    ]);
  });
});
