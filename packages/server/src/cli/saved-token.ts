import { chmod, mkdir, open, readFile, rename } from 'node:fs/promises';
import { join } from 'node:path';
import { newAccessToken } from '../http/auth';

/** The token file in the data dir: only its owner may read it (0600). */
export const TOKEN_FILE = 'token';

/**
 * The access token kept across restarts, so a tab that is open, or a bookmark, still gets
 * in after the server restarts. Created on first use; `rotate` replaces it (every old tab
 * and cookie is then refused). A file that is not a well-formed token is replaced too.
 */
export async function savedAccessToken(dataDir: string, options: { rotate?: boolean } = {}): Promise<{ token: string; created: boolean }> {
  const file = join(dataDir, TOKEN_FILE);
  if (!options.rotate) {
    const saved = await readToken(file);
    if (saved !== undefined) {
      await chmod(file, 0o600);
      return { token: saved, created: false };
    }
  }
  const token = newAccessToken();
  await mkdir(dataDir, { recursive: true, mode: 0o700 });
  // Written beside it, then renamed: a crash never leaves half a token.
  const temporary = `${file}.${process.pid}.tmp`;
  const handle = await open(temporary, 'w', 0o600);
  try {
    await handle.writeFile(`${token}\n`);
  } finally {
    await handle.close();
  }
  await rename(temporary, file);
  return { token, created: true };
}

async function readToken(file: string): Promise<string | undefined> {
  try {
    const text = (await readFile(file, 'utf8')).trim();
    return /^[A-Za-z0-9_-]{32,128}$/.test(text) ? text : undefined;
  } catch {
    return undefined;
  }
}
