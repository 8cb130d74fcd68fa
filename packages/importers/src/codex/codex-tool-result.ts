import {
  langFromPath,
  planMetaFromMeta,
  readMetaFromMeta,
  searchMetaFromMeta,
  terminalMetaFromMeta,
  type JsonValue,
  type ReadFileLine,
  type ReadMeta,
  type SearchMeta,
  type TerminalMeta,
} from '@toolcards/protocol';
import { arrayField, asFields, stringField } from '../json-fields';
import { displayPath } from '../shared/display-path';
import { grepOutputMatches } from '../shared/grep-output';
import { readEnvelopeText } from '../shared/read-envelope';
import type { ReadAsk } from './codex-command';
import { diffFromFileChanges, diffFromPatchText } from './codex-patch';
import { resolvePath } from './codex-paths';
import { commandOutputOf, outputLinesOf, outputWithGap, type CommandOutput, type NumberedLine, type OutputLines } from './codex-tool-output';
import { resolveDir, shownPath, type CodexCall } from './codex-tool-call';

/**
 * A function_call_output (with what 0.169's `item_completed` said about the same call) as a
 * toolcards result: OUR read/search meta for a classified read, search or listing,
 * `card: terminal | diff | plan` meta for other commands, apply_patch and update_plan, none (the
 * generic card with the text) for the rest or when the output does not hold together.
 */

/** What an `item_completed` record said about a call (0.169). */
export interface CompletedItem {
  exitCode?: number;
  durationMs?: number;
  /** A FileChange's `changes` by absolute path. */
  fileChanges?: unknown;
  failed?: boolean;
}

export interface MappedResult {
  text: string;
  isError: boolean;
  meta?: JsonValue;
}

export function mapCodexResult(call: CodexCall, rawOutput: string, completed: CompletedItem | undefined, cwd: string | undefined): MappedResult {
  const unsupported = /^unsupported call: /.test(rawOutput);
  const plain: MappedResult = { text: rawOutput, isError: unsupported };
  if (unsupported) return plain;
  switch (call.kind) {
    case 'command': {
      const output = withCompleted(commandOutputOf(rawOutput), completed);
      const { what } = call;
      const failed = output.exitCode !== null && output.exitCode !== 0;
      const dir = resolveDir(call.runDir, what.kind === 'terminal' ? undefined : what.dir);
      switch (what.kind) {
        case 'read': {
          if (failed) return { text: output.body, isError: true };
          const meta = readMetaFromMeta(readMetaOf(shownPath(what.file, dir, cwd), what.ask, outputLinesOf(output.body)));
          return meta === undefined ? terminalResult(call.command, call.runDir, output) : { text: readEnvelopeText(meta), isError: false, meta: json(meta) };
        }
        case 'search': {
          // rg and grep say 1 for no match, 2 for trouble.
          if (failed && !(output.exitCode === 1 && output.body.trim() === '')) return { text: output.body, isError: true };
          const lines = outputLinesOf(output.body);
          const kept = lines.kind === 'whole' ? lines.lines : [...lines.head, ...lines.tail].map((line) => line.text);
          // One file searched: rows come without a path (`5:text`).
          const pathless = kept.length > 0 && kept.every((row) => /^\d+[:-]/.test(row));
          const rows = pathless ? kept : kept.map((row) => absoluteRow(row, dir));
          const searchPath = what.path === undefined ? undefined : resolvePath(dir, what.path);
          const outcome = grepOutputMatches(rows.join('\n'), {
            pattern: what.fixed ? escapeRegex(what.pattern) : what.pattern,
            caseInsensitive: what.caseInsensitive,
            searchPath: searchPath === undefined ? undefined : displayPath(searchPath, cwd),
            cwd,
          });
          if (outcome === undefined) return terminalResult(call.command, call.runDir, output);
          const meta = search({ ...outcome.meta, truncated: lines.kind === 'shortened' });
          return meta === undefined ? terminalResult(call.command, call.runDir, output) : { text: output.body, isError: false, meta };
        }
        case 'list': {
          if (failed) return { text: output.body, isError: true };
          const lines = outputLinesOf(output.body);
          const kept = lines.kind === 'whole' ? lines.lines : [...lines.head, ...lines.tail].map((line) => line.text);
          const base = what.tool === 'ls' && what.path !== undefined ? resolvePath(dir, what.path) : dir;
          const paths = kept
            .filter((row) => row !== '' && row !== '.' && row !== '..' && row !== './')
            .map((row) => displayPath(resolvePath(base, row), cwd));
          const total = lines.kind === 'shortened' ? Math.max(lines.totalLines, paths.length) : paths.length;
          const meta = search({ shape: 'paths', paths, truncated: lines.kind === 'shortened', total });
          return meta === undefined ? terminalResult(call.command, call.runDir, output) : { text: output.body, isError: false, meta };
        }
        case 'patch':
        case 'terminal':
          return terminalResult(call.command, call.runDir, output);
      }
      break;
    }
    case 'patch': {
      const output = withCompleted(commandOutputOf(rawOutput), completed);
      const failed = completed?.failed === true || (output.exitCode !== null && output.exitCode !== 0);
      const shown = (path: string): string => shownPath(path, call.runDir, cwd);
      const diff = failed ? undefined : (diffFromFileChanges(completed?.fileChanges, shown) ?? diffFromPatchText(call.patch, shown));
      if (diff !== undefined) return { text: output.body, isError: false, meta: json({ card: 'diff', ...diff }) };
      // Not a diff: the terminal card shows the patch as the command it ran and what it answered.
      return terminalResult(`apply_patch <<'EOF'\n${call.patch.trimEnd()}\nEOF`, call.runDir, output);
    }
    case 'plan': {
      const steps = arrayField(call.input, 'plan');
      if (steps === undefined) return plain;
      const explanation = stringField(call.input, 'explanation');
      const meta = planMetaFromMeta({
        items: steps.map((raw) => {
          const step = asFields(raw);
          return { text: stringField(step, 'step') ?? '', status: stringField(step, 'status') ?? '' };
        }),
        ...(explanation ? { explanation } : {}),
      });
      return meta === undefined ? plain : { ...plain, meta: json({ card: 'plan', ...meta }) };
    }
    case 'other':
      return plain;
  }
}

function withCompleted(output: CommandOutput, completed: CompletedItem | undefined): CommandOutput {
  if (completed === undefined) return output;
  return {
    ...output,
    exitCode: output.exitCode ?? completed.exitCode ?? null,
    ...(output.durationMs === undefined && completed.durationMs !== undefined ? { durationMs: completed.durationMs } : {}),
  };
}

function terminalResult(command: string, runDir: string | undefined, output: CommandOutput): MappedResult {
  const lines = outputLinesOf(output.body);
  const meta: TerminalMeta = {
    command: command.trim() === '' ? 'shell' : command,
    ...(runDir === undefined || runDir === '' ? {} : { cwd: runDir }),
    exitCode: output.exitCode,
    ...(output.durationMs === undefined ? {} : { durationMs: output.durationMs }),
    output: lines.kind === 'shortened' ? outputWithGap(lines) : output.body,
    truncated: lines.kind === 'shortened',
  };
  const narrowed = terminalMetaFromMeta(meta);
  return { text: output.body, isError: false, ...(narrowed === undefined ? {} : { meta: json({ card: 'terminal', ...narrowed }) }) };
}

/**
 * The read window the output shows, with true line numbers. The output says how long the file is
 * when it read to the end (cat, nl, tail -n +K, or fewer lines than asked); otherwise the last line
 * read is what is known. A shortened output's head is the window and the lines after it are
 * counted, not shown.
 */
export function readMetaOf(path: string, ask: ReadAsk, output: OutputLines): ReadMeta | undefined {
  const printed = output.kind === 'whole' ? output.lines : output.head.map((line: NumberedLine) => line.text);
  const printedCount = output.kind === 'whole' ? output.lines.length : output.totalLines;
  let first: number;
  let lines: ReadFileLine[];
  if (ask.kind === 'whole' && ask.numbered) {
    lines = [];
    for (const row of printed) {
      const match = /^ *(\d+)\t(.*)$/.exec(row) ?? /^ *(\d+)$/.exec(row);
      if (match === null) return undefined;
      lines.push({ number: Number(match[1]), text: match[2] ?? '' });
    }
    if (lines.some((line, index) => line.number !== index + 1)) return undefined;
    first = 1;
  } else {
    first = ask.kind === 'range' || ask.kind === 'from' ? ask.start : 1;
    lines = printed.map((text, index) => ({ number: first + index, text }));
  }
  // Fewer lines than asked: the file ends there. As many: it may go on, and the last line read
  // is what is known (as for a Claude Code read whose text is all there is).
  const totalLines = first + printedCount - 1;
  const lang = langFromPath(path);
  return { path, offset: first, lines, totalLines: Math.max(totalLines, 0), ...(lang === undefined ? {} : { lang }) };
}

/** A `path:line:text` row whose path is relative to the folder the search ran in, made absolute. */
function absoluteRow(row: string, dir: string | undefined): string {
  const match = /^(.+?):(\d+):/.exec(row);
  if (match === null || dir === undefined || match[1]!.startsWith('/')) return row;
  return `${resolvePath(dir, match[1]!)}${row.slice(match[1]!.length)}`;
}

function escapeRegex(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

function search(meta: SearchMeta): JsonValue | undefined {
  const narrowed = searchMetaFromMeta(meta);
  return narrowed === undefined ? undefined : json(narrowed);
}

function json(value: unknown): JsonValue {
  return value as JsonValue;
}
