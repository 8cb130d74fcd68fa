import { spawn, type ChildProcess } from 'node:child_process';
import { rgPath } from '@vscode/ripgrep';
import { errorMessage } from '../tool-error';
import { MAX_RECORD_BYTES, RecordSplitter, type OversizedRecordSink } from './record-splitter';
import { ranOutOfMemory, ripgrepCommand } from './rg-memory-limit';
import { ripgrepSlots } from './ripgrep-slots';
import { sandboxArgs, sandboxFailure, signalFromSandboxExit, TARGET_FD, type RipgrepSandbox } from './ripgrep-sandbox';

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
  /** Receives records longer than `maxRecordBytes` piece by piece; without it they are skipped. */
  oversized?: OversizedRecordSink;
  /** Default MAX_RECORD_BYTES. */
  maxRecordBytes?: number;
  /** ripgrep processes this process runs at once (shared by every call); default DEFAULT_RIPGREP_SLOTS. */
  maxRunning?: number;
  /** Cap on ripgrep's heap (Linux); reaching it ends the run as 'out-of-memory'. Default: none. */
  memoryLimitBytes?: number;
  /** Run ripgrep where only the workspace is visible (a search target gives it when bubblewrap works here). */
  sandbox?: RipgrepSandbox | undefined;
}

/** ripgrep already uses every core: more processes at once only add memory and contention. */
export const DEFAULT_RIPGREP_SLOTS = 4;

export type RipgrepOutcome =
  | { kind: 'exited'; exitCode: number | null; stderr: string }
  | { kind: 'timeout' }
  | { kind: 'aborted' }
  /** ripgrep aborted on a failed allocation: the records it flushed stand, the rest was never searched. */
  | { kind: 'out-of-memory' }
  | { kind: 'failed'; message: string };

/**
 * Runs the ripgrep binary shipped by @vscode/ripgrep: an argv vector, no
 * shell, stdin ignored (ripgrep would otherwise search standard input).
 * Never rejects; a timeout or an abort kills the process.
 */
export async function runRipgrep(run: RipgrepRun): Promise<RipgrepOutcome> {
  // The timeout covers the wait for a slot too: a call never takes longer than it says.
  const deadline = Date.now() + run.timeoutMs;
  const slot = await ripgrepSlots.acquire(run.maxRunning ?? DEFAULT_RIPGREP_SLOTS, run.signal, { timeoutMs: run.timeoutMs });
  if (slot !== 'acquired') return { kind: slot };
  try {
    return await spawnRipgrep(run, Math.max(1, deadline - Date.now()));
  } finally {
    ripgrepSlots.release();
  }
}

function spawnRipgrep(run: RipgrepRun, timeoutMs: number): Promise<RipgrepOutcome> {
  return new Promise((resolve) => {
    if (run.signal.aborted) {
      resolve({ kind: 'aborted' });
      return;
    }
    let child: ChildProcess;
    const { sandbox } = run;
    try {
      // The memory cap wraps bwrap, which passes it on to ripgrep.
      const command = sandbox === undefined
        ? ripgrepCommand(rgPath, run.args, run.memoryLimitBytes)
        : ripgrepCommand(sandbox.bwrap, sandboxArgs(sandbox, rgPath, run.args), run.memoryLimitBytes);
      const stdio: (number | 'ignore' | 'pipe')[] = ['ignore', 'pipe', 'pipe'];
      // The sandbox binds the target by its descriptor, which bwrap gets as this fd.
      if (sandbox?.descriptor !== undefined) stdio[TARGET_FD] = sandbox.descriptor.fd;
      child = spawn(command.file, command.args, { cwd: run.cwd, stdio, windowsHide: true });
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
    const timer = setTimeout(() => halt({ kind: 'timeout' }), timeoutMs);
    const onAbort = (): void => halt({ kind: 'aborted' });
    run.signal.addEventListener('abort', onAbort, { once: true });
    const finish = (outcome: RipgrepOutcome): void => {
      clearTimeout(timer);
      run.signal.removeEventListener('abort', onAbort);
      resolve(outcome);
    };

    const splitter = new RecordSplitter(run.separator, run.onRecord, run.maxRecordBytes ?? MAX_RECORD_BYTES, run.oversized);
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
    child.on('close', (closedCode, closedSignal) => {
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
      const said = Buffer.concat(stderr).toString('utf8');
      const failure = sandbox === undefined ? undefined : sandboxFailure(closedCode, said);
      if (failure !== undefined) {
        finish({ kind: 'failed', message: `ripgrep's sandbox could not start: ${failure}` });
        return;
      }
      // Through bwrap, ripgrep killed by a signal shows as exit 128 + N.
      const sandboxSignal = sandbox === undefined ? undefined : signalFromSandboxExit(closedCode);
      const signal = sandboxSignal ?? closedSignal;
      const exitCode = sandboxSignal === undefined ? closedCode : null;
      finish(ranOutOfMemory(signal, said) ? { kind: 'out-of-memory' } : { kind: 'exited', exitCode, stderr: said });
    });
  });
}
