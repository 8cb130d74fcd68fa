import { spawn } from 'node:child_process';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

/**
 * The reopen bench serves the app the CLI serves: dist/client. Built the way `npm start`
 * builds it (scripts/start.mjs): only when it is missing or older than its inputs.
 */
export async function ensureClientBuilt(repoRoot: string, log: (line: string) => void): Promise<void> {
  const start = (await import(pathToFileURL(path.join(repoRoot, 'scripts/start.mjs')).href)) as {
    clientBuildReason(root?: string): string | undefined;
  };
  const reason = start.clientBuildReason(repoRoot);
  if (reason === undefined) return;
  log(`building the client into dist/client (${reason})…`);
  await new Promise<void>((resolve, reject) => {
    const child = spawn('npx', ['vite', 'build', '--logLevel', 'warn'], { cwd: repoRoot, stdio: ['ignore', 'inherit', 'inherit'] });
    child.once('error', reject);
    child.once('exit', (code) => (code === 0 ? resolve() : reject(new Error(`vite build exited with ${code}`))));
  });
}
