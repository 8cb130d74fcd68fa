import { spawn } from 'node:child_process';
import { performance } from 'node:perf_hooks';

export interface DrainedRun {
  /** Wall time from spawn to the process closing, output fully read. */
  ms: number;
  stdoutBytes: number;
  exitCode: number | null;
}

/**
 * Spawns a process with stdin ignored (ripgrep would otherwise read it), reads all
 * of its stdout without keeping it, and times the whole thing from this process.
 */
export function spawnAndDrain(
  command: string,
  args: readonly string[],
  cwd: string,
  env: NodeJS.ProcessEnv = process.env,
): Promise<DrainedRun> {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const child = spawn(command, [...args], { cwd, env, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdoutBytes = 0;
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => {
      stdoutBytes += chunk.length;
    });
    child.stderr.on('data', (chunk: Buffer) => {
      if (stderr.length < 4096) stderr += chunk.toString('utf8');
    });
    child.on('error', reject);
    child.on('close', (exitCode) => {
      const ms = performance.now() - started;
      // ripgrep: 0 found, 1 nothing found; anything else means the comparison is void.
      if (exitCode !== 0 && exitCode !== 1) {
        reject(new Error(`${command} ${args.join(' ')} exited ${String(exitCode)}: ${stderr.trim()}`));
        return;
      }
      resolve({ ms, stdoutBytes, exitCode });
    });
  });
}
