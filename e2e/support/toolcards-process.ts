import { spawn, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const CLI = fileURLToPath(new URL('../../packages/server/bin/toolcards.mjs', import.meta.url));
const PRINTED_URL = /(http:\/\/127\.0\.0\.1:(\d+)\/\S*token=[A-Za-z0-9_-]+\S*)/;

export interface ToolcardsProcess {
  /** The URL exactly as the CLI printed it (with the token). */
  url: string;
  origin: string;
  port: number;
  token: string;
  /** The server process (a bench reads its memory from /proc). */
  pid: number;
  output(): string;
  /** SIGTERM and wait for a clean exit. */
  stop(): Promise<number | null>;
  /** SIGKILL: a crash, nothing flushed on purpose. */
  kill(): Promise<void>;
}

export interface StartOptions {
  workspace: string;
  dataDir: string;
  port?: number;
  extraArgs?: string[];
  env?: NodeJS.ProcessEnv;
  /** The command to run: the checkout's CLI through tsx unless named (the bench runs the built bin/toolcards.mjs). */
  cli?: string;
}

/** Starts the real CLI as a newcomer would and waits for the URL it prints. */
export async function startToolcards(options: StartOptions): Promise<ToolcardsProcess> {
  const extra = options.extraArgs ?? [];
  // This machine's own Claude Code and Codex sessions stay out of a test's list, unless it points at its own folders.
  const agents = extra.some((arg) => arg.startsWith('--claude-dir') || arg.startsWith('--codex-dir')) ? [] : ['--no-agent-sessions'];
  const args = [options.cli ?? CLI, options.workspace, '--port', String(options.port ?? 0), '--data-dir', options.dataDir, '--no-open', ...agents, ...extra];
  const child = spawn(process.execPath, args, {
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, TOOLCARDS_API_KEY: '', DEEPSEEK_API_KEY: '', ...options.env },
  });
  let output = '';
  child.stdout.setEncoding('utf8');
  child.stderr.setEncoding('utf8');
  child.stderr.on('data', (chunk: string) => (output += chunk));

  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`toolcards printed no URL in 30 s:\n${output}`)), 30_000);
    child.stdout.on('data', (chunk: string) => {
      output += chunk;
      const found = PRINTED_URL.exec(output);
      if (found?.[1]) {
        clearTimeout(timer);
        resolve(found[1]);
      }
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`toolcards exited with ${code} before printing a URL:\n${output}`));
    });
  });

  const parsed = new URL(url);
  return {
    url,
    origin: parsed.origin,
    port: Number(parsed.port),
    token: parsed.searchParams.get('token') ?? '',
    pid: child.pid ?? -1,
    output: () => output,
    stop: () => stopChild(child, 'SIGTERM'),
    kill: async () => {
      await stopChild(child, 'SIGKILL');
    },
  };
}

function stopChild(child: ChildProcess, signal: NodeJS.Signals): Promise<number | null> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve(child.exitCode);
  return new Promise((resolve) => {
    child.once('exit', (code) => resolve(code));
    child.kill(signal);
  });
}
