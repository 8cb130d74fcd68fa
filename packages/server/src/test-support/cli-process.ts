import { spawn, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { until } from '../../../tools/src/test-support/until';

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

/**
 * Waits for the start banner and reads the URL (with its token) from it; fails at once if
 * the process exits first. No deadline of its own: the test's timeout bounds the start.
 */
export async function waitForStartUrl(cli: CliProcess): Promise<{ url: URL; port: number; token: string }> {
  const banner = () => /open (http:\/\/\S+)/.exec(cli.stdout())?.[1];
  const output = () => `exit ${cli.child.exitCode}\nstdout: ${cli.stdout()}\nstderr: ${cli.stderr()}`;
  await until(() => banner() !== undefined || cli.child.exitCode !== null, () => `the start banner; ${output()}`);
  const found = banner();
  if (found === undefined) throw new Error(`toolcards did not start: ${output()}`);
  const url = new URL(found);
  return { url, port: Number(url.port), token: url.searchParams.get('token') ?? '' };
}
