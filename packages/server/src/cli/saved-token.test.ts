import { mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { savedAccessToken, TOKEN_FILE } from './saved-token';

const dirs: string[] = [];
afterEach(() => Promise.all(dirs.splice(0).map((dir) => rm(dir, { recursive: true, force: true }))));
async function dataDir(): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'toolcards-token-'));
  dirs.push(dir);
  return join(dir, 'data');
}

describe('the saved access token', () => {
  it('is created once, kept 0600 in the data dir, and the same on the next start', async () => {
    const dir = await dataDir();
    const first = await savedAccessToken(dir);
    expect(first.created).toBe(true);
    expect((await stat(join(dir, TOKEN_FILE))).mode & 0o777).toBe(0o600);
    expect((await readFile(join(dir, TOKEN_FILE), 'utf8')).trim()).toBe(first.token);
    expect(await savedAccessToken(dir)).toEqual({ token: first.token, created: false });
  });

  it('is replaced on --rotate-token, and when the file holds no token', async () => {
    const dir = await dataDir();
    const first = await savedAccessToken(dir);
    const rotated = await savedAccessToken(dir, { rotate: true });
    expect(rotated.token).not.toBe(first.token);
    expect((await savedAccessToken(dir)).token).toBe(rotated.token);
    await writeFile(join(dir, TOKEN_FILE), 'not a token\n');
    const replaced = await savedAccessToken(dir);
    expect(replaced.created).toBe(true);
    expect(replaced.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
  });
});
