import { spawn, type ChildProcess } from 'node:child_process';
import { rgPath } from '@vscode/ripgrep';
import { errorMessage } from '../tool-error';
import { RecordSplitter } from './record-splitter';

/** Enough of ripgrep's stderr for any error message; the rest is dropped. */
const STDERR_MAX_BYTES = 16 * 1024;

export interface RipgrepRun {
  /** The argv after the binary; every value already in `--flag=value` form or after `--`. */
  args: readonly string[];
  cwd: string;
  signal: AbortSignal;
  timeoutMs: number;
  /** Byte ending each stdout record: `\n` for --json, NUL for --files --null. */
  separator: number;
  /** Called synchronously per record; a throw stops ripgrep and fails the run. */
  onRecord(buffer: Buffer, start: number, end: number): void;
}

export type RipgrepOutcome =
  | { kind: 'exited'; exitCode: number | null; stderr: string }
  | { kind: 'timeout' }
  | { kind: 'aborted' }
  | { kind: 'failed'; message: string };

/**
 * Runs the ripgrep binary shipped by @vscode/ripgrep: an argv vector, no
 * shell, stdin ignored (ripgrep would otherwise search standard input).
 * Never rejects; a timeout or an abort kills the process.
 */
export function runRipgrep(run: RipgrepRun): Promise<RipgrepOutcome> {
  return new Promise((resolve) => {
    if (run.signal.aborted) {
      resolve({ kind: 'aborted' });
      return;
    }
    let child: ChildProcess;
    try {
      child = spawn(rgPath, [...run.args], { cwd: run.cwd, stdio: ['ignore', 'pipe', 'pipe'], windowsHide: true });
    } catch (error) {
      resolve({ kind: 'failed', message: `Could not start ripgrep: ${errorMessage(error)}` });
      return;
    }

    let stop: RipgrepOutcome | undefined;
    const halt = (outcome: RipgrepOutcome): void => {
      if (stop !== undefined) return;
      stop = outcome;
      child.kill('SIGKILL');
    };
    const timer = setTimeout(() => halt({ kind: 'timeout' }), run.timeoutMs);
    const onAbort = (): void => halt({ kind: 'aborted' });
    run.signal.addEventListener('abort', onAbort, { once: true });
    const finish = (outcome: RipgrepOutcome): void => {
      clearTimeout(timer);
      run.signal.removeEventListener('abort', onAbort);
      resolve(outcome);
    };

    const splitter = new RecordSplitter(run.separator, run.onRecord);
    child.stdout!.on('data', (chunk: Buffer) => {
      if (stop !== undefined) return;
      try {
        splitter.push(chunk);
      } catch (error) {
        halt({ kind: 'failed', message: `Reading ripgrep's output failed: ${errorMessage(error)}` });
      }
    });

    const stderr: Buffer[] = [];
    let stderrBytes = 0;
    child.stderr!.on('data', (chunk: Buffer) => {
      if (stderrBytes >= STDERR_MAX_BYTES) return;
      stderr.push(chunk.subarray(0, STDERR_MAX_BYTES - stderrBytes));
      stderrBytes += Math.min(chunk.length, STDERR_MAX_BYTES - stderrBytes);
    });

    child.on('error', (error) => {
      // Only a failed spawn ends the run here; a failed kill leaves 'close' to come.
      if (child.pid === undefined) finish({ kind: 'failed', message: `Could not start ripgrep: ${errorMessage(error)}` });
    });
    child.on('close', (exitCode) => {
      if (stop !== undefined) {
        finish(stop);
        return;
      }
      try {
        splitter.end();
      } catch (error) {
        finish({ kind: 'failed', message: `Reading ripgrep's output failed: ${errorMessage(error)}` });
        return;
      }
      finish({ kind: 'exited', exitCode, stderr: Buffer.concat(stderr).toString('utf8') });
    });
  });
}
