import { spawn } from 'node:child_process';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

/**
 * The built CLI (bin/toolcards.mjs runs dist/cli.mjs) the way `npm start` builds it
 * (scripts/start.mjs): only when dist/cli.mjs is missing or older than its inputs.
 */
export async function ensureServerBuilt(repoRoot: string, log: (line: string) => void): Promise<void> {
  const start = (await import(pathToFileURL(path.join(repoRoot, 'scripts/start.mjs')).href)) as {
    serverBuildReason(root?: string): string | undefined;
  };
  const reason = start.serverBuildReason(repoRoot);
  if (reason === undefined) return;
  log(`building the server into dist/ (${reason})…`);
  await new Promise<void>((resolve, reject) => {
    const child = spawn(process.execPath, ['scripts/build-server.mjs'], { cwd: repoRoot, stdio: ['ignore', 'inherit', 'inherit'] });
    child.once('error', reject);
    child.once('exit', (code) => (code === 0 ? resolve() : reject(new Error(`scripts/build-server.mjs exited with ${code}`))));
  });
}
