import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { FilesSeenResponse } from '@toolcards/protocol';
import { FilesSeenFeed } from './files-seen-feed';
import { FilesSeenStore } from './files-seen-store';

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

/** A server whose log ends at `logged`: it answers through it. */
function server() {
  const asked: (number | undefined)[] = [];
  const state = { logged: -1, fail: false };
  const fetch = vi.fn(async (afterSeq: number | undefined): Promise<FilesSeenResponse> => {
    asked.push(afterSeq);
    if (state.fail) throw new Error('offline');
    return { sessionId: 's1', throughSeq: state.logged, ...(afterSeq === undefined ? {} : { afterSeq }), files: [] };
  });
  return { asked, state, fetch };
}

describe('FilesSeenFeed', () => {
  it('asks once events pause, then only for what changed since its answer', async () => {
    const { asked, state, fetch } = server();
    const store = new FilesSeenStore();
    const feed = new FilesSeenFeed({ fetch, store, quietMs: 400, maxWaitMs: 2_000 });
    state.logged = 9;
    feed.noteLogged(9);
    await vi.advanceTimersByTimeAsync(399);
    expect(asked).toEqual([]);
    await vi.advanceTimersByTimeAsync(1);
    expect(asked).toEqual([undefined]);
    expect(store.snapshot()).toMatchObject({ loaded: true, throughSeq: 9 });

    // Nothing new: nothing asked.
    feed.noteLogged(9);
    await vi.advanceTimersByTimeAsync(5_000);
    expect(asked).toEqual([undefined]);

    state.logged = 12;
    feed.noteLogged(12);
    await vi.advanceTimersByTimeAsync(400);
    expect(asked).toEqual([undefined, 9]);
  });

  it('asks at least every maxWait during a steady stream, and never twice at once', async () => {
    const { asked, state, fetch } = server();
    const feed = new FilesSeenFeed({ fetch, store: new FilesSeenStore(), quietMs: 400, maxWaitMs: 2_000 });
    for (let seq = 0; seq < 30; seq += 1) {
      state.logged = seq;
      feed.noteLogged(seq);
      await vi.advanceTimersByTimeAsync(100);
    }
    // 3 s of events 100 ms apart: the ceiling asked once (at 2 s), not the quiet timer.
    expect(asked).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(400);
    expect(asked).toHaveLength(2);
  });

  it('reports a failure, asks again on the next event or a retry, and nothing after dispose', async () => {
    const { asked, state, fetch } = server();
    const store = new FilesSeenStore();
    const feed = new FilesSeenFeed({ fetch, store, quietMs: 400 });
    state.fail = true;
    feed.noteLogged(3);
    await vi.advanceTimersByTimeAsync(400);
    expect(store.snapshot().status).toEqual({ state: 'failed', message: 'offline' });
    state.fail = false;
    state.logged = 3;
    feed.refreshNow();
    await vi.advanceTimersByTimeAsync(0);
    expect(store.snapshot()).toMatchObject({ loaded: true, throughSeq: 3, status: { state: 'ready' } });
    feed.dispose();
    feed.noteLogged(8);
    await vi.advanceTimersByTimeAsync(5_000);
    expect(asked).toHaveLength(2);
  });
});
