import { PassThrough } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { main } from './cli';
import { api, useServers } from '../test-support/server-harness';
import { TestClient } from '../test-support/test-client';

describe('the editor the cards link to', () => {
  const servers = useServers();

  it('is vscode unless the server was started with another, in the info and in the hello', async () => {
    const plain = await servers.start();
    expect((await api(plain, '/api/info')).body).toMatchObject({ editor: 'vscode' });

    const server = await servers.start({ editor: 'zed' });
    expect((await api(server, '/api/info')).body).toMatchObject({ editor: 'zed' });
    const client = await TestClient.connect(server.port, { token: server.token });
    try {
      const hello = await client.waitFor((frames) => frames.find((frame) => frame.type === 'hello'), 'the hello');
      expect(hello).toMatchObject({ editor: 'zed' });
    } finally {
      await client.close();
    }
  });

  it('refuses a TOOLCARDS_EDITOR that names no known editor before starting anything', async () => {
    const stderr = new PassThrough();
    let said = '';
    stderr.on('data', (chunk: Buffer) => (said += chunk.toString()));
    const code = await main(['--no-open', '--port', '0'], { stdout: new PassThrough(), stderr, cwd: '/nonexistent-toolcards-folder', env: { TOOLCARDS_EDITOR: 'emacs' } });
    expect(code).toBe(2);
    expect(said).toBe('toolcards: TOOLCARDS_EDITOR must be one of vscode, cursor, zed, idea, none, not "emacs"\n');
  });
});
