import type { JsonValue } from '@toolcards/protocol';
import { asJson, booleanField, positiveIntField, stringField, type Fields } from '../json-fields';
import { displayPath } from '../shared/display-path';

/**
 * A Claude Code tool_use as a toolcards call. Read, Grep and Glob become OUR `read`, `grep` and
 * `glob` with OUR args (only the keys our schemas take, so our presenters title and draw them);
 * every other tool keeps its name and input.
 */

export type ClaudeToolKind = 'read' | 'grep' | 'glob' | 'bash' | 'shell-output' | 'shell-kill' | 'edit' | 'todo' | 'other';

export interface MappedCall {
  kind: ClaudeToolKind;
  name: string;
  args: JsonValue;
}

export function toolKindOf(name: string): ClaudeToolKind {
  switch (name) {
    case 'Read':
      return 'read';
    case 'Grep':
      return 'grep';
    case 'Glob':
      return 'glob';
    case 'Bash':
      return 'bash';
    // BashOutput/KillBash (1.0.x), KillShell (2.0); 2.1's TaskOutput/TaskStop act on shells and agents alike.
    case 'BashOutput':
    case 'TaskOutput':
      return 'shell-output';
    case 'KillBash':
    case 'KillShell':
    case 'TaskStop':
      return 'shell-kill';
    case 'Edit':
    case 'MultiEdit':
    case 'Write':
      return 'edit';
    case 'TodoWrite':
      return 'todo';
    default:
      return 'other';
  }
}

/** A search folder as our args take it: none for the transcript's own folder (our default). */
function searchFolder(path: string | undefined, cwd: string | undefined): { path: string } | Record<string, never> {
  if (!path) return {};
  const shown = displayPath(path, cwd);
  return shown === '.' ? {} : { path: shown };
}

export function mapToolCall(name: string, input: Fields, cwd: string | undefined): MappedCall {
  const kind = toolKindOf(name);
  switch (kind) {
    case 'read': {
      const path = stringField(input, 'file_path');
      if (!path) return { kind: 'other', name, args: asJson(input) };
      const offset = positiveIntField(input, 'offset');
      const limit = positiveIntField(input, 'limit');
      return {
        kind,
        name: 'read',
        args: { path: displayPath(path, cwd), ...(offset === undefined ? {} : { offset }), ...(limit === undefined ? {} : { limit }) },
      };
    }
    case 'grep': {
      const pattern = stringField(input, 'pattern');
      if (!pattern) return { kind: 'other', name, args: asJson(input) };
      const path = stringField(input, 'path');
      const include = stringField(input, 'glob');
      return {
        kind,
        name: 'grep',
        args: { pattern, ...searchFolder(path, cwd), ...(include ? { include } : {}) },
      };
    }
    case 'glob': {
      const pattern = stringField(input, 'pattern');
      if (!pattern) return { kind: 'other', name, args: asJson(input) };
      return { kind, name: 'glob', args: { pattern, ...searchFolder(stringField(input, 'path'), cwd) } };
    }
    case 'bash':
    case 'shell-output':
    case 'shell-kill':
    case 'edit':
    case 'todo':
    case 'other':
      return { kind, name, args: asJson(input) };
  }
}

/** Grep's output mode (Claude Code's default is files_with_matches). */
export function grepModeOf(input: Fields): 'content' | 'files_with_matches' | 'count' | 'other' {
  const mode = stringField(input, 'output_mode') ?? 'files_with_matches';
  return mode === 'content' || mode === 'files_with_matches' || mode === 'count' ? mode : 'other';
}

export function grepCaseInsensitive(input: Fields): boolean {
  return booleanField(input, '-i') === true;
}
