import { spawn, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';

export const BIN = fileURLToPath(new URL('../../bin/toolcards.mjs', import.meta.url));

export interface CliProcess {
  child: ChildProcess;
  stdout: () => string;
  stderr: () => string;
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

/** The real `toolcards` command as a child process (through bin/toolcards.mjs and tsx). */
export function spawnCli(args: string[], env: Record<string, string | undefined> = {}): CliProcess {
  const child = spawn(process.execPath, [BIN, ...args], {
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, CI: '1', ...env },
  });
  let stdout = '';
  let stderr = '';
  child.stdout?.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.once('exit', (code, signal) => resolve({ code, signal })),
  );
  return { child, stdout: () => stdout, stderr: () => stderr, exited };
}

/** Waits for the start banner and reads the URL (with its token) from it. */
export async function waitForStartUrl(cli: CliProcess, timeoutMs = 15_000): Promise<{ url: URL; port: number; token: string }> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const match = /open (http:\/\/\S+)/.exec(cli.stdout());
    if (match?.[1]) {
      const url = new URL(match[1]);
      return { url, port: Number(url.port), token: url.searchParams.get('token') ?? '' };
    }
    if (cli.child.exitCode !== null || Date.now() > deadline) {
      throw new Error(`toolcards did not start: exit ${cli.child.exitCode}\nstdout: ${cli.stdout()}\nstderr: ${cli.stderr()}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
