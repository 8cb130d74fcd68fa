import { existsSync } from 'node:fs';
import { realpath } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { SessionStore } from '@toolcards/session';
import * as realTools from '@toolcards/tools';
import type { OutboundFrame } from '../wire/outbound-frames';
import { SessionRegistry } from './session-registry';
import { DEFAULT_DELIVERY_LIMITS } from './subscription/backpressure';
import type { FrameSink } from './subscription/delivery';
import { makeTempDir, makeWorkspace } from '../test-support/server-harness';

/** A client that reads everything at once. */
class RecordingSink implements FrameSink {
  readonly frames: string[] = [];
  readonly bufferedAmount = 0;
  readonly isOpen = true;
  async send(frame: OutboundFrame): Promise<void> {
    this.frames.push(frame.text);
  }
  dropSlowConsumer(): void {}
}

describe('SessionRegistry', () => {
  const cleanups: (() => Promise<void>)[] = [];
  afterEach(async () => {
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
  });

  async function setUp(options: { maxOpenSessions: number; idleCloseMs: number }) {
    const root = await makeTempDir();
    const workspaceRoot = await realpath(await makeWorkspace(join(root, 'workspace')));
    const store = await SessionStore.open({ dataDir: join(root, 'data') });
    const registry = new SessionRegistry({
      store,
      tools: realTools,
      toolConfig: realTools.DEFAULT_TOOL_CONFIG,
      workspaceRoot,
      allowOutsideWorkspace: false,
      driver: undefined,
      limits: DEFAULT_DELIVERY_LIMITS,
      toolSlots: { queue: new realTools.SlotQueue(), limit: 8 },
      report: () => {},
      ...options,
    });
    cleanups.push(async () => {
      await registry.closeAll();
      await store.close();
    });
    const ids: string[] = [];
    for (let index = 0; index < 4; index += 1) {
      const { log } = await store.create(workspaceRoot);
      log.append({ type: 'user/message', data: { text: `session ${index}` } });
      log.close();
      ids.push(log.id);
    }
    const locked = (id: string) => existsSync(`${store.logPath(id)}.lock`);
    return { store, registry, ids, locked };
  }

  it('closes idle sessions least recently used first, beyond the bound, releasing their locks', async () => {
    const { registry, ids, locked } = await setUp({ maxOpenSessions: 2, idleCloseMs: 60_000 });
    for (const id of ids) {
      const runtime = await registry.get(id);
      expect(locked(id)).toBe(false); // opened for viewing only
      runtime!.live.append({ type: 'user/message', data: { text: 'more' } });
      expect(locked(id)).toBe(true);
    }
    expect(registry.openCount).toBe(4); // all just used: kept for their callers
    registry.closeIdle(Date.now() + 2_000);
    expect(registry.openCount).toBe(2);
    expect(ids.map(locked)).toEqual([false, false, true, true]);
    // A closed session reopens on demand and goes on where it stopped.
    const reopened = await registry.get(ids[0]!);
    expect(reopened!.live.nextSeq).toBe(2);
    expect(reopened!.live.append({ type: 'user/message', data: { text: 'again' } }).seq).toBe(2);
  });

  it('keeps a session someone watches; closes the others once idle long enough', async () => {
    const { registry, ids, locked } = await setUp({ maxOpenSessions: 16, idleCloseMs: 30_000 });
    const watched = await registry.get(ids[0]!);
    const sink = new RecordingSink();
    watched!.live.subscribe(sink, -1, () => {});
    for (const id of ids) (await registry.get(id))!.live.append({ type: 'user/message', data: { text: 'more' } });
    registry.closeIdle(Date.now() + 5_000);
    expect(registry.openCount).toBe(4); // under the bound and not idle long enough
    registry.closeIdle(Date.now() + 31_000);
    expect(registry.openCount).toBe(1);
    expect(ids.map(locked)).toEqual([true, false, false, false]);
  });
});
