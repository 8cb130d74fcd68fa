import { TestClient } from './test-client';

/** Runs tools in a session the way the composer does, over the real WebSocket, each after the one before has its result. */
export async function runTools(port: number, token: string, sessionId: string, calls: { name: string; args: unknown }[]): Promise<void> {
  const client = await TestClient.connect(port, { token });
  try {
    client.send({ type: 'subscribe', sessionId, afterSeq: -1 });
    await client.waitForFrame('caught-up');
    for (const call of calls) {
      const before = client.events().filter((event) => event.type === 'tool/result').length;
      client.send({ type: 'run-tool', sessionId, name: call.name, args: call.args });
      await client.waitFor(() => (client.events().filter((event) => event.type === 'tool/result').length > before ? true : undefined), 'the result');
    }
  } finally {
    await client.close();
  }
}

/** Sends messages as the person types them (no model configured: each is logged, then refused), each logged before the next. */
export async function sendMessages(port: number, token: string, sessionId: string, texts: string[]): Promise<void> {
  const client = await TestClient.connect(port, { token });
  try {
    client.send({ type: 'subscribe', sessionId, afterSeq: -1 });
    await client.waitForFrame('caught-up');
    for (const text of texts) {
      const before = client.events().filter((event) => event.type === 'user/message').length;
      client.send({ type: 'user-message', sessionId, text });
      await client.waitFor(() => (client.events().filter((event) => event.type === 'user/message').length > before ? true : undefined), 'the message');
    }
  } finally {
    await client.close();
  }
}
