import { randomBytes } from 'node:crypto';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { JsonValue } from '@toolcards/protocol';
import { parseCommandLine } from './command-line';
import { findTool, parseToolArgs, presentCall, presentResult, runTool, TOOL_NAMES } from './registry';
import { createSpillStore } from './spill-store';
import { DEFAULT_TOOL_CONFIG } from './tool-config';
import { errorMessage } from './tool-error';
import { createWorkspace } from './workspace';

export interface ToolCommandIo {
  stdout: { write(chunk: string): unknown };
  stderr: { write(chunk: string): unknown };
  cwd: string;
  /** Cancels the running tool (the entry file wires it to Ctrl-C). */
  signal?: AbortSignal;
}

const USAGE = `Usage: toolcards tool <name> '<json args>' [--workspace DIR] [--json]

Runs one tool once on DIR (default: the current folder) and prints its model text,
or with --json one JSON object {content, isError, error?, meta, call, view}.
Tools: ${TOOL_NAMES.join(', ')}. Example: toolcards tool grep '{"pattern":"TODO","include":"*.ts"}'
Exit status: 0 the tool ran (no matches included), 1 the tool reported an error
(e.g. FS_NOT_FOUND; its message goes to stderr), 2 a usage error.
`;

/**
 * Exit codes, so a script can tell the cases apart without parsing text:
 * 0 a result, 1 an error result (the tool ran and refused or failed), 2 bad arguments.
 */
const EXIT_RESULT = 0;
const EXIT_TOOL_ERROR = 1;
const EXIT_BAD_ARGUMENTS = 2;

interface CommandLine {
  name: string;
  argsJson: string;
  workspace: string | undefined;
  json: boolean;
}

/**
 * `toolcards tool <name> '<json args>' [--workspace DIR] [--json]` for scripts
 * and benchmarks. `argv` may start with the `tool` sub-command word or not.
 */
export async function runToolCommand(argv: string[], io: ToolCommandIo): Promise<number> {
  const parsed = commandLineFrom(argv[0] === 'tool' ? argv.slice(1) : argv);
  if (parsed === 'help') {
    io.stdout.write(USAGE);
    return EXIT_RESULT;
  }
  if ('problem' in parsed) return badArguments(io, parsed.problem);

  const tool = findTool(parsed.name);
  if (tool === undefined) {
    return badArguments(io, `unknown tool "${parsed.name}"; the tools are ${TOOL_NAMES.join(', ')}.`);
  }
  let args: JsonValue;
  try {
    args = JSON.parse(parsed.argsJson) as JsonValue;
  } catch (error) {
    return badArguments(io, `the arguments are not valid JSON (${errorMessage(error)}): ${parsed.argsJson}`);
  }
  const checked = parseToolArgs(tool, args);
  if (!checked.ok) return badArguments(io, checked.message);

  const spillDir = path.join(tmpdir(), `toolcards-spill-${randomBytes(8).toString('hex')}`);
  const root = path.resolve(io.cwd, parsed.workspace ?? '.');
  let workspace;
  try {
    workspace = await createWorkspace(root, { extraReadableRoots: [spillDir] });
  } catch (error) {
    return badArguments(io, `cannot use ${root} as the workspace: ${errorMessage(error)}`);
  }

  const result = await runTool(parsed.name, args, {
    workspace,
    spill: createSpillStore(spillDir),
    signal: io.signal ?? new AbortController().signal,
    config: DEFAULT_TOOL_CONFIG,
  });
  if (parsed.json) {
    const output = {
      content: result.content,
      isError: result.isError,
      ...(result.error === undefined ? {} : { error: result.error }),
      meta: result.meta ?? null,
      call: presentCall(parsed.name, args),
      view: presentResult(parsed.name, args, result) ?? null,
    };
    io.stdout.write(`${JSON.stringify(output)}\n`);
  } else {
    // An error's text is a diagnostic, not output a pipe should consume.
    const text = `${result.content.map((block) => block.text).join('\n')}\n`;
    (result.isError ? io.stderr : io.stdout).write(text);
  }
  return result.isError ? EXIT_TOOL_ERROR : EXIT_RESULT;
}

function commandLineFrom(words: string[]): CommandLine | 'help' | { problem: string } {
  const parsed = parseCommandLine({
    args: words,
    options: { workspace: { type: 'string' }, json: { type: 'boolean' }, help: { type: 'boolean', short: 'h' } },
  });
  if ('refused' in parsed) {
    const { refused, option } = parsed;
    if (refused === 'unknown option') return { problem: `unknown option ${option}.` };
    // --workspace is the only option that takes a value.
    return { problem: refused === 'missing value' ? `${option} needs a folder.` : `${option} takes no value.` };
  }
  const { values, positionals } = parsed;
  if (values.help) return 'help';
  if (values.workspace === '') return { problem: '--workspace needs a folder.' };
  const [name, argsJson, ...extra] = positionals;
  if (name === undefined) return { problem: 'missing the tool name.' };
  if (extra.length > 0) return { problem: `unexpected argument ${JSON.stringify(extra[0])}; pass the tool's arguments as one JSON object.` };
  return { name, argsJson: argsJson ?? '{}', workspace: values.workspace, json: values.json ?? false };
}

function badArguments(io: ToolCommandIo, message: string): number {
  io.stderr.write(`toolcards tool: ${message}\n\n${USAGE}`);
  return EXIT_BAD_ARGUMENTS;
}
