import {
  diffMetaFromMeta,
  isJsonObject,
  planMetaFromMeta,
  readMetaFromMeta,
  searchMetaFromMeta,
  terminalMetaFromMeta,
  type DiffHunk,
} from '@toolcards/protocol';
import { expect } from 'vitest';
import type { MappedCall, MappedSession } from './claude-mapped-session';
import { ALPHA_TS, BETA_TS, NEW_FILE_MD, PLAN, SCENARIO_PROMPT, SUBAGENT_PROMPT } from './claude-code-scenario';

/**
 * What the scripted conversation's cards must show, checked against the workspace's files:
 * `fileNow` gives a file's text after the run (from disk for a live run).
 */

export function expectScenarioCards(session: MappedSession, workspace: string, fileNow: (path: string) => string): void {
  expect(session.prompts).toEqual([SCENARIO_PROMPT]);
  expect([...session.texts.values()]).toContain('I will read the sources first.');
  expect([...session.texts.values()]).toContain('All done: **alpha** edited and notes written.');
  expect(session.turnEnds).toBeGreaterThanOrEqual(1);

  // Read: every line and its number as in the file; the window asked for.
  const alpha = callOf(session, 'toolu_read_alpha', 'read');
  expect(alpha.args).toEqual({ path: 'src/alpha.ts' });
  const alphaRead = readMetaFromMeta(alpha.result?.meta)!;
  expect(alphaRead.lines).toEqual(fileLines(ALPHA_TS).map((text, index) => ({ number: index + 1, text })));
  expect(alphaRead.totalLines).toBe(fileLines(ALPHA_TS).length);
  expect(alpha.result?.text.startsWith('<path>src/alpha.ts</path>\n<type>file</type>\n<content>\n1: export const one = 1;')).toBe(true);
  const beta = callOf(session, 'toolu_read_beta', 'read');
  expect(beta.args).toEqual({ path: 'src/beta.ts', offset: 3, limit: 4 });
  const betaRead = readMetaFromMeta(beta.result?.meta)!;
  expect(betaRead.offset).toBe(3);
  expect(betaRead.lines).toEqual(fileLines(BETA_TS).slice(2, 6).map((text, index) => ({ number: index + 3, text })));
  expect(betaRead.totalLines).toBe(fileLines(BETA_TS).length);

  // Grep content (-C 1): the lines that match, with their numbers and where the pattern is, and
  // the lines around them beside the matches, in the file's order.
  const content = callOf(session, 'toolu_grep_content', 'grep');
  expect(content.args).toEqual({ pattern: 'needle' });
  const matches = searchMetaFromMeta(content.result?.meta);
  expect(matches?.shape).toBe('matches');
  const expected = (text: string) =>
    fileLines(text).flatMap((line, index) => (line.includes('needle') ? [{ lineNumber: index + 1, line, ranges: [[line.indexOf('needle'), line.indexOf('needle') + 6]] }] : []));
  const withoutContext = matches?.shape === 'matches' ? matches.files.map((file) => ({ path: file.path, matches: file.matches.map(({ context: _context, ...match }) => match) })) : undefined;
  expect(withoutContext).toEqual([
    { path: 'src/alpha.ts', matches: expected(ALPHA_TS) },
    { path: 'src/beta.ts', matches: expected(BETA_TS) },
  ]);
  // Shown in order, matches and context are exactly the lines grep -C 1 prints.
  const printed = (text: string) => {
    const lines = fileLines(text);
    const hits = lines.flatMap((line, index) => (line.includes('needle') ? [index] : []));
    return lines.flatMap((line, index) => (hits.some((hit) => Math.abs(hit - index) <= 1) ? [{ lineNumber: index + 1, line }] : []));
  };
  const shown = (path: string) =>
    (matches?.shape === 'matches' ? matches.files.find((file) => file.path === path)?.matches ?? [] : []).flatMap((match) => [
      ...(match.context ?? []).filter((line) => line.lineNumber < match.lineNumber),
      { lineNumber: match.lineNumber, line: match.line },
      ...(match.context ?? []).filter((line) => line.lineNumber > match.lineNumber),
    ]);
  expect(shown('src/alpha.ts')).toEqual(printed(ALPHA_TS));
  expect(shown('src/beta.ts')).toEqual(printed(BETA_TS));
  expect(matches?.total).toBe(3);
  // files_with_matches: the paths; count mode stays the text.
  const files = searchMetaFromMeta(callOf(session, 'toolu_grep_files', 'grep').result?.meta);
  expect(files?.shape === 'paths' && [...files.paths].sort()).toEqual(['src/alpha.ts', 'src/beta.ts']);
  const count = callOf(session, 'toolu_grep_count', 'grep');
  expect(count.result?.meta).toBeUndefined();
  expect(count.result?.text).toContain('src/alpha.ts:2');

  // Glob: the .ts files of the workspace.
  const glob = searchMetaFromMeta(callOf(session, 'toolu_glob', 'glob').result?.meta);
  expect(glob?.shape === 'paths' && [...glob.paths].sort()).toEqual(['src/alpha.ts', 'src/beta.ts']);
  expect(glob?.truncated).toBe(false);

  // Bash: what the command printed and how it ended.
  const ok = terminalOf(callOf(session, 'toolu_bash_ok', 'Bash'));
  expect(ok).toMatchObject({ command: 'echo hello; echo warning >&2', exitCode: 0, output: 'hello\nwarning', cwd: workspace });
  const failed = callOf(session, 'toolu_bash_fail', 'Bash');
  expect(failed.result?.isError).toBe(true);
  expect(terminalOf(failed)).toMatchObject({ exitCode: 3, output: "ls: cannot access '/no-such-dir-here': No such file or directory" });
  const background = terminalOf(callOf(session, 'toolu_bash_background', 'Bash'));
  expect(background.exitCode).toBeNull();
  expect(background.shellId).toMatch(/^\w+$/);

  // Edit: the hunk turns the file as it was into the file as it is.
  const edit = diffMetaFromMeta(metaOf(callOf(session, 'toolu_edit', 'Edit'), 'diff'))!;
  expect(edit.files.map((file) => [file.path, file.status])).toEqual([['src/alpha.ts', 'modified']]);
  expect(applyHunks(ALPHA_TS, edit.files[0]!.hunks)).toBe(fileNow('src/alpha.ts'));
  // Write of a new file: an added file, all lines '+', the file's text.
  const write = diffMetaFromMeta(metaOf(callOf(session, 'toolu_write', 'Write'), 'diff'))!;
  expect(write.files.map((file) => [file.path, file.status])).toEqual([['notes/new.md', 'added']]);
  expect(applyHunks('', write.files[0]!.hunks)).toBe(fileNow('notes/new.md'));
  expect(fileNow('notes/new.md')).toBe(NEW_FILE_MD);

  // The odd cases: a missing file is an error, an image is no read card, one file's grep has its path.
  const missing = callOf(session, 'toolu_read_missing', 'read');
  expect(missing.result).toMatchObject({ isError: true });
  expect(missing.result?.meta).toBeUndefined();
  expect(missing.result?.text).toContain('File does not exist');
  expect(callOf(session, 'toolu_read_image', 'read').result).toEqual({ text: '[image]', isError: false });
  const oneFile = searchMetaFromMeta(callOf(session, 'toolu_grep_one_file', 'grep').result?.meta);
  expect(oneFile?.shape === 'matches' && oneFile.files).toEqual([{ path: 'src/beta.ts', matches: expected(BETA_TS) }]);
  const failedEdit = callOf(session, 'toolu_edit_fail', 'Edit');
  expect(failedEdit.result).toEqual({ text: 'String to replace not found in file.\nString: not in the file', isError: true });
  // Agent: generic, with its prompt and what it answered, naming the subagent's session (cc-<session>-<agentId>).
  const agent = callOf(session, 'toolu_agent', 'Agent');
  expect(agent.args).toMatchObject({ prompt: SUBAGENT_PROMPT });
  const agentId = /agentId: ([A-Za-z0-9]+)/.exec(agent.result?.text ?? '')?.[1];
  expect(agent.result?.meta).toEqual({ subagentSession: expect.stringMatching(new RegExp(`^cc-[0-9a-f-]{36}-${agentId}$`)) });
  expect(agent.result?.text).toContain('agent launched');

  // TodoWrite: the plan's items in order.
  const plan = planMetaFromMeta(metaOf(callOf(session, 'toolu_todo', 'TodoWrite'), 'plan'))!;
  expect(plan.items).toEqual(PLAN.map(({ content, status }) => ({ text: content, status })));
}

function callOf(session: MappedSession, callId: string, name: string): MappedCall {
  const call = session.calls.get(callId);
  expect(call?.name, callId).toBe(name);
  expect(call?.result, `${callId} has its result`).toBeDefined();
  return call!;
}

function metaOf(call: MappedCall, card: string): unknown {
  const meta = call.result?.meta;
  expect(isJsonObject(meta) && meta.card).toBe(card);
  return meta;
}

function terminalOf(call: MappedCall) {
  const meta = terminalMetaFromMeta(metaOf(call, 'terminal'));
  expect(meta).toBeDefined();
  return meta!;
}

/** A file's lines as our read tool numbers them (no empty line after the last newline). */
export function fileLines(text: string): string[] {
  if (text === '') return [];
  const lines = text.split('\n');
  return text.endsWith('\n') ? lines.slice(0, -1) : lines;
}

/** Applies unified-diff hunks to a text: the check that a diff card tells the truth. */
export function applyHunks(before: string, hunks: DiffHunk[]): string {
  const old = fileLines(before);
  const out: string[] = [];
  let next = 0; // index into old
  for (const hunk of hunks) {
    const start = hunk.oldLines === 0 ? hunk.oldStart : hunk.oldStart - 1;
    out.push(...old.slice(next, start));
    next = start;
    for (const line of hunk.lines) {
      if (line.startsWith(' ')) {
        out.push(old[next]!);
        next += 1;
      } else if (line.startsWith('-')) next += 1;
      else if (line.startsWith('+')) out.push(line.slice(1));
    }
  }
  out.push(...old.slice(next));
  return out.length === 0 ? '' : `${out.join('\n')}\n`;
}
