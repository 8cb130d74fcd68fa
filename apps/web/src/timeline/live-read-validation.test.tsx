import { describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor } from '@testing-library/react';
import { readFixtures } from '../test-support/card-fixtures';
import { viewForResult } from '../cards';
import { serverFrameFromJson } from '../net/server-frame-from-json';
import { ClientProvider } from '../store/client-context';
import { ClientState } from '../store/client-state';
import { SessionClient } from '../store/session-client';
import { ingestFrames } from '../test-support/store-frames';
import { nextTask } from '../highlight/next-task';
import { prepareLiveResult } from './prepare-live-result';
import { TimelineRowView } from './timeline-row-view';

// The real validation, watched: how often a read's 2,000-line view is validated.
vi.mock('../cards', async (importOriginal) => {
  const actual = await importOriginal<typeof import('../cards')>();
  return { ...actual, viewForResult: vi.fn(actual.viewForResult) };
});

const unused = () => Promise.reject(new Error('not in this test'));

/** A client as the page builds it (browser-client.ts): its store prepares each live result at ingest. */
function pageClient(): SessionClient {
  return new SessionClient({
    store: new ClientState(prepareLiveResult),
    api: {
      info: unused,
      sessions: unused,
      createSession: unused,
      resultText: unused,
      fullResultOutline: unused,
      fullResultPage: unused,
      fileLines: unused,
      readFreshness: unused,
      searchSessions: unused,
    },
    socketUrl: 'ws://127.0.0.1:1/ws?token=t',
    hash: { read: () => '', write: () => {} },
    createSocket: () => ({ readyState: 0, onopen: null, onmessage: null, onclose: null, onerror: null, send() {}, close() {} }),
  });
}

/** A frame as it comes off the socket: JSON through the client's frame parser. */
function wire(frame: unknown) {
  const parsed = serverFrameFromJson(JSON.stringify(frame));
  if (!parsed) throw new Error('frame refused');
  return parsed;
}

describe('a live read of 2,000 lines', () => {
  it('is validated once, at ingest: its card in the timeline draws that view and validates nothing again', async () => {
    const validate = vi.mocked(viewForResult);
    validate.mockClear();
    const client = pageClient();
    client.store.openSession('s1');
    ingestFrames(client.store, [{ type: 'caught-up', sessionId: 's1', lastSeq: -1 }]);
    const view = { ...readFixtures.longTypescript, lang: 'typescript' };
    ingestFrames(client.store, [
      wire({ type: 'event', sessionId: 's1', event: { seq: 0, time: 't', type: 'tool/call', data: { callId: 'c1', name: 'read', args: { path: view.path }, origin: 'user' } } }),
      wire({ type: 'event', sessionId: 's1', event: { seq: 1, time: 't', type: 'tool/result', data: { callId: 'c1', content: [{ type: 'text', text: 'x' }], isError: false } }, view }),
    ]);
    // The ingest's own task, then the page's next frame draws the row.
    await nextTask();
    expect(validate).toHaveBeenCalledTimes(1);
    const row = client.store.state.getState().rows.find((candidate) => candidate.kind === 'tool')!;
    render(
      <ClientProvider client={client}>
        <TimelineRowView row={row} />
      </ClientProvider>,
    );
    await waitFor(() => expect(screen.getByRole('article', { name: `Read ${view.path}` })).toBeTruthy());
    expect(screen.getAllByText(view.lines[0]!.text).length).toBeGreaterThan(0);
    expect(validate).toHaveBeenCalledTimes(1);
  });
});
