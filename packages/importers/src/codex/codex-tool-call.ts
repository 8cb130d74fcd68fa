import type { JsonValue } from '@toolcards/protocol';
import { asFields, asJson, stringArray, arrayField, stringField, type Fields } from '../json-fields';
import { displayPath } from '../shared/display-path';
import { classifyArgv, classifyCommandLine, type CommandClass } from './codex-command';
import { resolvePath } from './codex-paths';
import { joinShellWords } from './codex-shell-words';

/**
 * A Codex tool call as a toolcards call. A shell command (0.16x `exec_command {cmd, workdir?}`,
 * 0.58 `shell {command: argv, workdir}`) that reads, searches or lists becomes OUR `read`, `grep`
 * or `glob` with OUR args, so our presenters title and draw it; every other call keeps its name
 * and arguments (apply_patch, update_plan, a terminal command, anything unknown).
 */

export type CodexCall =
  | { kind: 'command'; name: string; args: JsonValue; command: string; runDir: string | undefined; what: CommandClass }
  | { kind: 'patch'; name: string; args: JsonValue; patch: string; runDir: string | undefined }
  | { kind: 'plan'; name: string; args: JsonValue; input: Fields }
  | { kind: 'other'; name: string; args: JsonValue };

/** The shown call: our tool's name and args for a read, search or listing. */
export interface ShownCall {
  name: string;
  args: JsonValue;
}

export function codexCallOf(name: string, input: Fields, cwd: string | undefined): CodexCall {
  const args = asJson(input);
  switch (name) {
    case 'exec_command':
    case 'shell':
    case 'container.exec':
    case 'local_shell': {
      const cmd = stringField(input, 'cmd');
      const argv = stringArray(arrayField(input, 'command'));
      const workdir = stringField(input, 'workdir');
      const runDir = workdir ? resolvePath(cwd, workdir) : cwd;
      if (cmd !== undefined) return commandCall(name, args, cmd, classifyCommandLine(cmd), runDir);
      if (argv !== undefined && argv.length > 0) {
        const script = /^(?:\/(?:usr\/)?bin\/)?(?:ba|z)?sh$/.test(argv[0]!) && (argv[1] === '-lc' || argv[1] === '-c') && argv.length === 3 ? argv[2]! : joinShellWords(argv);
        return commandCall(name, args, script, classifyArgv(argv), runDir);
      }
      return { kind: 'other', name, args };
    }
    case 'apply_patch': {
      const patch = stringField(input, 'input') ?? stringField(input, 'patch');
      return patch === undefined ? { kind: 'other', name, args } : { kind: 'patch', name, args, patch, runDir: cwd };
    }
    case 'update_plan':
      return { kind: 'plan', name, args, input };
    default:
      return { kind: 'other', name, args };
  }
}

function commandCall(name: string, args: JsonValue, command: string, what: CommandClass, runDir: string | undefined): CodexCall {
  if (what.kind === 'patch') return { kind: 'patch', name, args, patch: what.patch, runDir: resolveDir(runDir, what.dir) };
  return { kind: 'command', name, args, command, runDir, what };
}

export function resolveDir(runDir: string | undefined, dir: string | undefined): string | undefined {
  return dir === undefined ? runDir : resolvePath(runDir, dir);
}

/** A path the command named, as the card shows it: relative inside the session's cwd, else absolute. */
export function shownPath(path: string, runDir: string | undefined, cwd: string | undefined): string {
  return displayPath(resolvePath(runDir, path), cwd);
}

export function shownCallOf(call: CodexCall, cwd: string | undefined): ShownCall {
  if (call.kind !== 'command') return { name: call.name, args: call.args };
  const { what } = call;
  const dir = resolveDir(call.runDir, what.kind === 'terminal' ? undefined : what.dir);
  switch (what.kind) {
    case 'read': {
      const path = shownPath(what.file, dir, cwd);
      const { ask } = what;
      switch (ask.kind) {
        case 'range':
          return { name: 'read', args: { path, offset: ask.start, limit: ask.end - ask.start + 1 } };
        case 'whole':
          return { name: 'read', args: { path } };
        case 'head':
          return { name: 'read', args: { path, limit: ask.count } };
        case 'from':
          return { name: 'read', args: { path, offset: ask.start } };
      }
      break;
    }
    case 'search': {
      const path = what.path === undefined ? shownDir(dir, cwd) : shownPath(what.path, dir, cwd);
      return {
        name: 'grep',
        args: { pattern: what.pattern, ...(path === undefined ? {} : { path }), ...(what.include === undefined ? {} : { include: what.include }) },
      };
    }
    case 'list': {
      const path = what.path === undefined ? shownDir(dir, cwd) : shownPath(what.path, dir, cwd);
      return { name: 'glob', args: { pattern: what.pattern, ...(path === undefined ? {} : { path }) } };
    }
    case 'patch':
    case 'terminal':
      break;
  }
  return { name: call.name, args: call.args };
}

/** The folder a search or listing ran in, when it is not the session's cwd itself. */
function shownDir(dir: string | undefined, cwd: string | undefined): string | undefined {
  if (dir === undefined) return undefined;
  const shown = displayPath(dir, cwd);
  return shown === '.' ? undefined : shown;
}

/** The arguments of a function_call: a JSON string (0.16x, 0.58) or already an object. */
export function callInputOf(raw: unknown): Fields | undefined {
  if (typeof raw === 'string') {
    try {
      return asFields(JSON.parse(raw)) ?? { arguments: raw };
    } catch {
      return { arguments: raw };
    }
  }
  return asFields(raw);
}
