import type { IncomingMessage } from 'node:http';
import { PassThrough } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { until } from '../../../tools/src/test-support/until';
import { WebSocketHub, type ConnectionDeps } from './websocket';

// The hub loads `ws` at its first upgrade (or when startServer calls prepare()), not with itself.
describe('the WebSocket hub before ws is loaded', () => {
  const hub = () => new WebSocketHub({ report: () => {} } as unknown as ConnectionDeps);

  it('survives an upgraded socket failing while ws loads, and drops it', async () => {
    const socket = new PassThrough();
    const waiting = hub();
    waiting.upgrade({ headers: {} } as IncomingMessage, socket, Buffer.alloc(0));
    // What a peer that resets the connection does; without a listener this would throw.
    expect(() => socket.emit('error', new Error('read ECONNRESET'))).not.toThrow();
    await until(() => socket.destroyed, 'the socket destroyed');
    await waiting.prepare();
    expect(waiting.connectionCount).toBe(0);
    waiting.close();
  });

  it('drops an upgrade that was still waiting for ws when the hub closed', async () => {
    const socket = new PassThrough();
    const closing = hub();
    closing.upgrade({ headers: {} } as IncomingMessage, socket, Buffer.alloc(0));
    closing.close();
    await closing.prepare();
    await until(() => socket.destroyed, 'the socket destroyed');
    expect(closing.connectionCount).toBe(0);
  });
});
