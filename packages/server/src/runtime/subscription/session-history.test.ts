import { mkdtemp, rename, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { HistoryItem, NewSessionEvent } from '@toolcards/protocol';
import { KEPT_CALL_LINE_BYTES, LogSeqIndex, SessionStore } from '@toolcards/session';
import type { Presenters } from '../view-computation';
import { HISTORY_ITEMS_MAX_LOG_BYTES, HistoryItems } from './history-items';
import { SessionHistory } from './session-history';

/** Presenters that show the args they were given, so a view says which call it came from. */
const presenters: Presenters = {
  presentCall: (name, args) => ({ card: 'generic', title: `${name} ${JSON.stringify(args).length}` }),
  presentResult: (name, args) => ({ card: 'generic', title: `${name} result, args of ${JSON.stringify(args).length} chars` }),
};

const call = (callId: string, pattern: string): NewSessionEvent => ({ type: 'tool/call', data: { callId, name: 'grep', args: { pattern }, origin: 'user' } });
const result = (callId: string): NewSessionEvent => ({ type: 'tool/result', data: { callId, content: [{ type: 'text', text: 'out' }], isError: false } });

describe('SessionHistory', () => {
  const dirs: string[] = [];
  afterEach(async () => {
    await Promise.all(dirs.splice(0).map((dir) => rm(dir, { recursive: true, force: true })));
  });

  const titleOf = (item: HistoryItem) => (item.view as { title?: string } | undefined)?.title;

  /** A store in a temp data dir with one new session's log open for appending. */
  async function newSession() {
    const dir = await mkdtemp(join(tmpdir(), 'toolcards-history-'));
    dirs.push(dir);
    const store = await SessionStore.open({ dataDir: dir, indexPersistDelayMs: 5 });
    const { log } = await store.create('/w');
    return { store, log };
  }

  async function itemsOf(history: SessionHistory, fromSeq: number, beforeSeq: number): Promise<HistoryItem[]> {
    const items: HistoryItem[] = [];
    await history.send({ fromSeq, beforeSeq }, async (frame) => {
      items.push(...(JSON.parse(frame.text) as { items: HistoryItem[] }).items);
      return true;
    });
    return items;
  }

  it('gives a result its view from a large call read back from the log, and a second result of a call none, as live', async () => {
    const { store, log } = await newSession();
    const pattern = 'x'.repeat(KEPT_CALL_LINE_BYTES * 2);
    // seq 0 large call · 1 small call · 2 result of 0 · 3 result of 1 · 4 a second result of 1
    for (const event of [call('big', pattern), call('small', 'TODO'), result('big'), result('small'), result('small')]) log.append(event);
    log.close();
    const history = new SessionHistory(new LogSeqIndex(log.path), log.id, presenters);

    // A page that starts after both calls: the index finds them.
    const views = (await itemsOf(history, 2, 5)).map(titleOf);
    expect(views).toEqual([`grep result, args of ${pattern.length + 14} chars`, 'grep result, args of 18 chars', undefined]);
    // The whole log: the same views.
    expect((await itemsOf(history, 0, 5)).slice(2).map(titleOf)).toEqual(views);
    await store.close();
  });

  it('sends a range the replay from the start serialized from those items, as reading the log would, and reads what came after', async () => {
    const { store, log } = await newSession();
    const pattern = 'x'.repeat(KEPT_CALL_LINE_BYTES * 2);
    for (const event of [call('big', pattern), call('small', 'TODO'), result('big'), result('small'), result('small')]) log.append(event);
    const read = new SessionHistory(new LogSeqIndex(log.path), log.id, presenters);
    const fromLog = await itemsOf(read, 0, 5);

    const items = new HistoryItems(presenters);
    await store.replay(log.id, (event) => items.observe(event));
    // Not used before the replay has ended.
    expect(items.itemsIn(0, 5)).toBeUndefined();
    items.complete();
    const held = new SessionHistory(new LogSeqIndex(log.path), log.id, presenters, items);
    expect(await itemsOf(held, 0, 5)).toEqual(fromLog);
    expect(await itemsOf(held, 2, 4)).toEqual(fromLog.slice(2, 4));

    // An event logged after the replay: that range is read from the log.
    log.append(call('later', 'FIXME'));
    expect((await itemsOf(held, 0, 6)).map((item) => item.event.seq)).toEqual([0, 1, 2, 3, 4, 5]);
    log.close();
    // Proof the items were used: without the log, the replayed range still goes out.
    await rename(log.path, `${log.path}.gone`);
    expect(await itemsOf(held, 1, 3)).toEqual(fromLog.slice(1, 3));
    await store.close();
  });

  it('lets the items go past their bound: pages are read from the log', async () => {
    const { store, log } = await newSession();
    for (const event of [call('a', 'x'.repeat(400)), result('a'), call('b', 'TODO'), result('b')]) log.append(event);
    log.close();
    const items = new HistoryItems(presenters, 600);
    await store.replay(log.id, (event) => items.observe(event));
    items.complete();
    expect(items.itemsIn(0, 4)).toBeUndefined();
    // A log too large for the bound is not serialized at all.
    const tooLarge = new HistoryItems(presenters);
    tooLarge.expectLog(HISTORY_ITEMS_MAX_LOG_BYTES + 1);
    await store.replay(log.id, (event) => tooLarge.observe(event));
    tooLarge.complete();
    expect(tooLarge.itemsIn(0, 4)).toBeUndefined();
    const history = new SessionHistory(new LogSeqIndex(log.path), log.id, presenters, items);
    expect((await itemsOf(history, 0, 4)).map(titleOf)).toEqual(['grep 414', 'grep result, args of 414 chars', 'grep 18', 'grep result, args of 18 chars']);
    await store.close();
  });
});
