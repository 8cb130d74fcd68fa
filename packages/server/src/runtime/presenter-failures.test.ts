import { describe, expect, it } from 'vitest';
import * as realTools from '@toolcards/tools';
import { createSession, useServers } from '../test-support/server-harness';
import { TestClient } from '../test-support/test-client';
import type { PresenterFailure } from '../index';

/** The result with a `content` that throws when the presenter reads it. */
function tripping(result: realTools.ToolResult, name: string): realTools.ToolResult {
  return Object.defineProperty({ ...result }, 'content', {
    get(): never {
      throw new Error(`the ${name} result presenter has a bug`);
    },
  });
}

describe('a presenter that throws', () => {
  const servers = useServers();

  // Before: swallowed in the registry and again in view computation; nothing in the log.
  // Now caught once, where the registry calls the tool's presenter.
  it('is reported (log and hook) and the client still gets the event, drawn as the generic card', async () => {
    const failures: PresenterFailure[] = [];
    const server = await servers.start({
      tools: {
        ...realTools,
        // The real read presenter meets a result it trips over (a bug in it, as far as the registry can tell).
        presentResult: (name, args, result, onFailure) => realTools.presentResult(name, args, tripping(result, name), onFailure),
      },
      onPresenterFailure: (failure) => failures.push(failure),
    });
    const session = await createSession(server);
    const client = await TestClient.connect(server.port, { token: server.token });
    client.send({ type: 'subscribe', sessionId: session.id, afterSeq: -1 });
    client.send({ type: 'run-tool', sessionId: session.id, name: 'read', args: { path: 'README.md' } });
    client.send({ type: 'run-tool', sessionId: session.id, name: 'read', args: { path: 'src/app.ts' } });
    await client.waitFor(() => (client.events().filter((event) => event.type === 'tool/result').length === 2 ? true : undefined), 'both results');

    const results = client.eventFrames().filter((frame) => frame.event.type === 'tool/result');
    // No view: the client's fallback is the generic card.
    expect(results.map((frame) => frame.view)).toEqual([undefined, undefined]);
    // The call side still works.
    expect(client.eventFrames().find((frame) => frame.event.type === 'tool/call')?.view).toMatchObject({ card: 'generic', title: expect.stringContaining('README.md') });

    expect(failures).toEqual([
      { phase: 'result', tool: 'read', error: new Error('the read result presenter has a bug') },
      { phase: 'result', tool: 'read', error: new Error('the read result presenter has a bug') },
    ]);
    // The log says which presenter, once per distinct failure (a broken presenter fails on every card).
    const reported = server.problems.filter((line) => line.includes('presenter'));
    expect(reported).toEqual([expect.stringMatching(/^the result presenter of tool "read" threw; the client gets the generic card\. Error: the read result presenter has a bug/)]);
    await client.close();
  });
});
