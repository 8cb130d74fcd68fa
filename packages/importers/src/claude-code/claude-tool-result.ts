import {
  claudeSubagentSessionId,
  readMetaFromMeta,
  searchMetaFromMeta,
  terminalMetaFromMeta,
  type DiffMeta,
  type JsonValue,
  type PlanMeta,
  type SearchMeta,
  type TerminalMeta,
} from '@toolcards/protocol';
import { asFields, stringField, type Fields } from '../json-fields';
import { displayPath } from '../shared/display-path';
import { readEnvelopeText } from '../shared/read-envelope';
import { readMetaOf } from './claude-read-result';
import { globPathsOf, grepMatchesOf, grepPathsOf } from './claude-search-result';
import { bashTerminalMeta, shellKillTerminalMeta, shellOutputTerminalMeta } from './claude-terminal-result';
import { editDiffMeta } from './claude-diff-result';
import { todoPlanMeta } from './claude-plan-result';
import { grepCaseInsensitive, grepModeOf, type MappedCall } from './claude-tool-call';

/**
 * A tool_result (with the line's `toolUseResult`) as a toolcards result: OUR read/search meta for
 * read/grep/glob, `card: terminal | diff | plan` meta for Bash, edits and TodoWrite, none (the
 * generic card with the text) for the rest or when the result does not hold together.
 */

export interface CallContext {
  call: MappedCall;
  /** The agent's own input. */
  input: Fields;
  /** The session's folder: paths inside it are shown relative to it. */
  cwd: string | undefined;
  /** The agent's own session uuid (a subagent's session is named after it). */
  agentSessionId?: string | undefined;
  /** Where the agent was when it made the call (a shell's working folder). */
  shellCwd: string | undefined;
  /** The command a background shell runs, by shell id (BashOutput/KillBash name it). */
  shellCommand(shellId: string): string | undefined;
}

export interface MappedResult {
  text: string;
  isError: boolean;
  meta?: JsonValue;
  /** Grep context lines the matches meta cannot carry. */
  contextLines: number;
  /** A background shell this result started. */
  startedShell?: { id: string; command: string };
}

export function mapToolResult(context: CallContext, rawText: string, isError: boolean, toolUseResult: unknown): MappedResult {
  const text = isError ? rawText.replace(/^<tool_use_error>([\s\S]*)<\/tool_use_error>$/, '$1') : rawText;
  const plain: MappedResult = { text, isError, contextLines: 0 };
  const { call, input, cwd } = context;
  switch (call.kind) {
    case 'read': {
      if (isError) return plain;
      const args = asFields(call.args);
      const path = stringField(args, 'path')!;
      const offset = typeof args?.offset === 'number' ? args.offset : undefined;
      const meta = readMetaFromMeta(readMetaOf(path, toolUseResult, rawText, offset));
      return meta === undefined ? plain : { ...plain, text: readEnvelopeText(meta), meta: json(meta) };
    }
    case 'grep': {
      if (isError) return plain;
      const mode = grepModeOf(input);
      if (mode === 'content') {
        const args = asFields(call.args);
        const outcome = grepMatchesOf(toolUseResult, rawText, {
          pattern: stringField(args, 'pattern')!,
          caseInsensitive: grepCaseInsensitive(input),
          searchPath: stringField(args, 'path'),
          cwd,
        });
        const meta = searchMeta(outcome?.meta);
        return meta === undefined ? plain : { ...plain, meta, contextLines: outcome!.contextLines };
      }
      // Count mode ("path:N" per file) stays the generic card: our paths meta has no counts.
      if (mode !== 'files_with_matches') return plain;
      const meta = searchMeta(grepPathsOf(toolUseResult, rawText, cwd));
      return meta === undefined ? plain : { ...plain, meta };
    }
    case 'glob': {
      if (isError) return plain;
      const meta = searchMeta(globPathsOf(toolUseResult, rawText, cwd));
      return meta === undefined ? plain : { ...plain, meta };
    }
    case 'bash': {
      const meta = bashTerminalMeta(input, toolUseResult, rawText, isError, context.shellCwd);
      const startedShell = meta.shellId === undefined ? undefined : { id: meta.shellId, command: meta.command };
      const view = terminal(meta);
      return { ...plain, ...(view === undefined ? {} : { meta: view }), ...(startedShell === undefined ? {} : { startedShell }) };
    }
    case 'shell-output':
    case 'shell-kill': {
      const shellId = stringField(input, 'bash_id') ?? stringField(input, 'shell_id') ?? stringField(input, 'task_id');
      if (shellId === undefined || isError) return plain;
      const known = context.shellCommand(shellId);
      // A Task* call on an id that is no background shell of this session (an agent's) is no terminal.
      if (known === undefined && call.name.startsWith('Task')) return plain;
      const command = known ?? stringField(asFields(toolUseResult), 'command') ?? `${call.name} ${shellId}`;
      const meta =
        call.kind === 'shell-output'
          ? shellOutputTerminalMeta(shellId, command, toolUseResult, rawText)
          : shellKillTerminalMeta(shellId, command, toolUseResult, rawText);
      const view = terminal(meta);
      return view === undefined ? plain : { ...plain, meta: view };
    }
    case 'edit': {
      if (isError) return plain;
      const path = stringField(asFields(toolUseResult), 'filePath') ?? stringField(input, 'file_path');
      if (!path) return plain;
      const meta = editDiffMeta(displayPath(path, cwd), toolUseResult);
      return meta === undefined ? plain : { ...plain, meta: diff(meta) };
    }
    case 'todo': {
      if (isError) return plain;
      const meta = todoPlanMeta(input, toolUseResult);
      return meta === undefined ? plain : { ...plain, meta: plan(meta) };
    }
    case 'other': {
      // An Agent/Task call that started a subagent: name its session (the server mirrors its transcript under that id).
      const agentId = stringField(asFields(toolUseResult), 'agentId');
      if (isError || (call.name !== 'Agent' && call.name !== 'Task') || agentId === undefined || context.agentSessionId === undefined) return plain;
      const session = claudeSubagentSessionId(context.agentSessionId, agentId);
      return session === undefined ? plain : { ...plain, meta: { subagentSession: session } };
    }
  }
}

function searchMeta(meta: SearchMeta | undefined): JsonValue | undefined {
  const narrowed = meta === undefined ? undefined : searchMetaFromMeta(meta);
  return narrowed === undefined ? undefined : json(narrowed);
}

function terminal(meta: TerminalMeta): JsonValue | undefined {
  const narrowed = terminalMetaFromMeta(meta);
  return narrowed === undefined ? undefined : json({ card: 'terminal', ...narrowed });
}

function diff(meta: DiffMeta): JsonValue {
  return json({ card: 'diff', ...meta });
}

function plan(meta: PlanMeta): JsonValue {
  return json({ card: 'plan', ...meta });
}

/** Our metas are plain JSON by construction (schemas of strings, numbers, booleans, arrays). */
function json(value: unknown): JsonValue {
  return value as JsonValue;
}
