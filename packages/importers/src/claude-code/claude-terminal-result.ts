import type { TerminalMeta } from '@toolcards/protocol';
import { asFields, booleanField, numberField, stringField } from '../json-fields';

/**
 * Claude Code's Bash results (and the BashOutput/KillBash calls on a background shell) as the
 * terminal card's meta. 2.1 logs no exit code for a command that succeeded (0 is implied: the
 * result is not an error) and writes a failure as text `Exit code N\n<output>`; stderr comes merged
 * into stdout there. A background command's result names its shell (`backgroundTaskId` in 2.1,
 * `shellId` or the text "running in background with ID: X" before).
 */

export function bashTerminalMeta(input: Record<string, unknown>, toolUseResult: unknown, resultText: string, isError: boolean, cwd: string | undefined): TerminalMeta {
  const result = asFields(toolUseResult);
  const command = stringField(input, 'command') || 'bash';
  const interrupted = booleanField(result, 'interrupted') ?? false;
  const shellId =
    stringField(result, 'backgroundTaskId') ??
    stringField(result, 'shellId') ??
    (booleanField(input, 'run_in_background') === true ? /running in background with ID: (\S+?)\.?(?:\s|$)/.exec(resultText)?.[1] : undefined);
  const stdout = stringField(result, 'stdout');
  const stderr = stringField(result, 'stderr');
  const failure = /^(?:Error: )?Exit code (-?\d+)\n?([\s\S]*)$/.exec(resultText);
  let exitCode: number | null;
  let output: string;
  if (failure !== null && (isError || result === undefined)) {
    exitCode = Number(failure[1]);
    output = failure[2]!;
  } else if (shellId !== undefined) {
    exitCode = null; // still running when the agent moved on
    output = stdout || resultText;
  } else {
    exitCode = interrupted || isError ? null : 0;
    output = stdout ?? resultText;
  }
  return {
    command,
    ...(cwd === undefined || cwd === '' ? {} : { cwd }),
    exitCode,
    output,
    ...(stderr ? { stderr } : {}),
    truncated: false,
    ...(interrupted ? { interrupted } : {}),
    ...(shellId === undefined ? {} : { shellId }),
  };
}

/** BashOutput (1.0.x–2.0): what a background shell printed so far, and its status. */
export function shellOutputTerminalMeta(shellId: string, command: string, toolUseResult: unknown, resultText: string): TerminalMeta {
  const result = asFields(toolUseResult);
  const exitCode = numberField(result, 'exitCode');
  const stderr = stringField(result, 'stderr');
  return {
    command,
    exitCode: exitCode !== undefined && Number.isInteger(exitCode) ? exitCode : null,
    output: stringField(result, 'stdout') ?? resultText,
    ...(stderr ? { stderr } : {}),
    truncated: false,
    shellId,
  };
}

/** KillBash: the shell was stopped. */
export function shellKillTerminalMeta(shellId: string, command: string, toolUseResult: unknown, resultText: string): TerminalMeta {
  const output = stringField(asFields(toolUseResult), 'message') ?? resultText;
  return { command, exitCode: null, output, truncated: false, interrupted: true, shellId };
}
