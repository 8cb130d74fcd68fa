import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { diffMetaFromMeta, isJsonObject, planMetaFromMeta, readMetaFromMeta, searchMetaFromMeta, terminalMetaFromMeta } from '@toolcards/protocol';
import { describe, expect, it } from 'vitest';
import { ALPHA_TS, NEW_FILE_MD } from '../test-support/claude-code-scenario';
import { collect, mapTranscript } from '../test-support/claude-mapped-session';
import { applyHunks, expectScenarioCards } from '../test-support/claude-scenario-expectations';
import { createClaudeCodeImporter } from './claude-code-importer';

const fixture = (name: string): string => readFileSync(join(import.meta.dirname, 'fixtures', name), 'utf8');

describe('a transcript the real Claude Code 2.1.332 wrote (saved from claude-code-cli.test.ts)', () => {
  const transcript = fixture('claude-code-2.1.332-scenario.jsonl');

  it('maps to the same cards without the CLI', () => {
    const importer = createClaudeCodeImporter();
    const session = mapTranscript(importer, transcript);
    const after = new Map([
      ['src/alpha.ts', ALPHA_TS.replace('export const two = 2;', 'export const two = 22;\nexport const twoAndAHalf = 2.5;')],
      ['notes/new.md', NEW_FILE_MD],
    ]);
    expectScenarioCards(session, importer.facts().cwd!, (path) => after.get(path)!);
  });

  it('gives the same events every time (seqs and permalinks stay valid)', () => {
    const once = mapTranscript(createClaudeCodeImporter(), transcript).events;
    const again = mapTranscript(createClaudeCodeImporter(), transcript).events;
    expect(again).toEqual(once);
  });
});

describe('a Claude Code 1.0.x transcript (hand-written: summary and system records, `     1→text` reads)', () => {
  const importer = createClaudeCodeImporter();
  const session = mapTranscript(importer, fixture('claude-code-1.0.58-handwritten.jsonl'));
  const meta = (callId: string) => session.calls.get(callId)?.result?.meta;

  it('shows the prompts without the harness wrappers, and no meta or wrapper-only lines', () => {
    expect(session.prompts).toEqual(['/clear', '/review src/parser.ts', 'Why does parse() drop empty fields?']);
  });

  it('names the session by its first typed prompt, with its id, folder, start and version', () => {
    expect(importer.facts()).toEqual({
      agentSessionId: '5d1c2a7e-1000-4000-8000-000000000001',
      cwd: '/home/me/app',
      createdAt: '2025-07-01T10:00:01.000Z',
      title: 'Why does parse() drop empty fields?',
      agentVersion: '1.0.58',
    });
  });

  it('reads the arrow form, leaves out the system reminder and pairs results that came out of order', () => {
    const parser = readMetaFromMeta(meta('toolu_01_read'))!;
    expect(parser.path).toBe('src/parser.ts');
    expect(parser.lines.map((line) => `${line.number}|${line.text}`)).toEqual([
      '1|export function parse(s: string) {',
      "2|  return s.split(',').filter(Boolean);",
      '3|}',
    ]);
    expect(parser.totalLines).toBe(3);
    // Outside the transcript's folder: the absolute path.
    const hosts = readMetaFromMeta(meta('toolu_01_hosts'))!;
    expect(hosts.path).toBe('/etc/hosts');
    expect(hosts.lines.map((line) => line.text)).toEqual(['127.0.0.1 localhost', '::1 localhost']);
    const order = session.events.flatMap(({ event }) => (event.type === 'tool/result' ? [event.data.callId] : []));
    expect(order.slice(0, 2)).toEqual(['toolu_01_hosts', 'toolu_01_read']);
  });

  it('leaves an image read to the generic card', () => {
    expect(session.calls.get('toolu_02_img')?.result).toEqual({ text: '[image]', isError: false });
  });

  it('maps grep and glob results to search cards with paths relative to the folder', () => {
    const grep = searchMetaFromMeta(meta('toolu_03_grep'));
    expect(grep).toEqual({
      shape: 'matches',
      files: [{ path: 'src/parser.ts', matches: [{ lineNumber: 2, line: "  return s.split(',').filter(Boolean);", ranges: [[11, 16]] }] }],
      truncated: false,
      total: 1,
    });
    expect(session.calls.get('toolu_03_grep')?.args).toEqual({ pattern: 'SPLIT', path: 'src' });
    expect(searchMetaFromMeta(meta('toolu_03_files'))).toEqual({ shape: 'paths', paths: ['src/parser.ts', 'test/parser.test.ts'], truncated: false, total: 2 });
    // Glob in the transcript's own folder: our default, no path.
    expect(session.calls.get('toolu_04_glob')?.args).toEqual({ pattern: '**/*.ts' });
    expect(searchMetaFromMeta(meta('toolu_04_glob'))).toMatchObject({ paths: ['src/parser.ts', 'test/parser.test.ts'], truncated: true });
  });

  it('links a background shell to the BashOutput and KillBash calls on it', () => {
    expect(terminalMetaFromMeta(meta('toolu_05_dev'))).toMatchObject({ command: 'npm run dev', exitCode: null, shellId: 'bash_1' });
    expect(terminalMetaFromMeta(meta('toolu_06_out'))).toMatchObject({ command: 'npm run dev', output: 'ready on :3000', shellId: 'bash_1' });
    expect(terminalMetaFromMeta(meta('toolu_07_kill'))).toMatchObject({
      command: 'npm run dev',
      interrupted: true,
      shellId: 'bash_1',
      output: 'Successfully killed shell: bash_1 (npm run dev)',
    });
  });

  it('shows an interrupted command as interrupted, with its stderr apart', () => {
    const call = session.calls.get('toolu_08_test')!;
    expect(call.result?.isError).toBe(true);
    expect(terminalMetaFromMeta(call.result?.meta)).toMatchObject({ exitCode: null, interrupted: true, output: 'PASS test/parser.test.ts', stderr: 'npm warn config' });
  });

  it('draws a MultiEdit as the diff that turns the file into its new text', () => {
    const diff = diffMetaFromMeta(meta('toolu_09_multi'))!;
    expect(diff.files[0]).toMatchObject({ path: 'src/parser.ts', status: 'modified' });
    expect(applyHunks("export function parse(s: string) {\n  return s.split(',').filter(Boolean);\n}\n", diff.files[0]!.hunks)).toBe(
      "export function parse(s: string) {\n  // keep empty fields\n  return s.split(',');\n}\n",
    );
  });

  it('keeps a Task and an unknown tool generic with their input and output, and an error as an error', () => {
    expect(session.calls.get('toolu_10_task')).toEqual({
      name: 'Task',
      args: { description: 'Find callers', prompt: 'Find every caller of parse()', subagent_type: 'general-purpose' },
      result: { text: 'parse() is called from src/cli.ts:14.', isError: false },
    });
    expect(session.calls.get('toolu_11_fetch')?.result).toEqual({ text: 'Request failed with status code 404', isError: true });
  });

  it('draws TodoWrite as a plan and ends the turn on end_turn', () => {
    expect(planMetaFromMeta(meta('toolu_12_todo'))?.items).toEqual([
      { text: 'Keep empty fields', status: 'completed' },
      { text: 'Add a test', status: 'pending' },
    ]);
    expect(session.turnEnds).toBe(1);
    expect(session.events.at(-1)?.event).toEqual({ type: 'turn/end', data: { reason: 'done' } });
  });

  it('counts what it left out by type: thinking, system and snapshot records, harness lines', () => {
    expect(importer.skipped()).toEqual({
      total: 5,
      byType: { 'user:meta': 1, 'user:harness': 1, system: 1, thinking: 1, 'file-history-snapshot': 1 },
    });
  });
});

const line = (record: Record<string, unknown>): string => JSON.stringify({ sessionId: 's', cwd: '/w', timestamp: '2026-01-01T00:00:00.000Z', ...record });
const toolUse = (messageId: string, id: string, name: string, input: Record<string, unknown>): string =>
  line({ type: 'assistant', message: { id: messageId, role: 'assistant', content: [{ type: 'tool_use', id, name, input }], stop_reason: 'tool_use' } });
const toolResult = (id: string, content: string, toolUseResult?: unknown): string =>
  line({ type: 'user', message: { role: 'user', content: [{ type: 'tool_result', tool_use_id: id, content }] }, toolUseResult });

describe('live lines', () => {
  it('shows a call as soon as its line arrives and its result when the result line does, in any order', () => {
    const importer = createClaudeCodeImporter();
    const first = importer.feedLine(toolUse('msg_1', 'a', 'Bash', { command: 'echo a' }));
    expect(first.map(({ event }) => event.type)).toEqual(['tool/call']);
    expect(importer.feedLine(toolUse('msg_1', 'b', 'Bash', { command: 'echo b' })).map(({ event }) => event.type)).toEqual(['tool/call']);
    const b = importer.feedLine(toolResult('b', 'b', { stdout: 'b', stderr: '', interrupted: false }));
    const a = importer.feedLine(toolResult('a', 'a', { stdout: 'a', stderr: '', interrupted: false }));
    expect([...b, ...a].map(({ event }) => (event.type === 'tool/result' ? [event.data.callId, terminalMetaFromMeta(event.data.meta)?.output] : event.type))).toEqual([
      ['b', 'b'],
      ['a', 'a'],
    ]);
  });

  it('keeps going past torn and malformed lines, and counts them', () => {
    const importer = createClaudeCodeImporter();
    const whole = toolUse('msg_1', 'a', 'Glob', { pattern: '*.ts' });
    const events = [
      whole.slice(0, 40), // a torn line the tailer handed over anyway
      '[1, 2',
      '42',
      whole,
      toolResult('a', 'x.ts', { filenames: ['x.ts'], numFiles: 1, truncated: false }),
      toolResult('zzz', 'a result whose call never came'),
      toolResult('a', 'the same result again'),
      line({ type: 'queue-operation', operation: 'enqueue' }),
      line({ type: 'brand-new-record-type' }),
    ].flatMap((text) => importer.feedLine(text));
    const session = collect(events);
    expect(isJsonObject(session.calls.get('a')?.result?.meta)).toBe(true);
    expect(importer.skipped()).toEqual({
      total: 7,
      byType: { malformed: 3, 'tool_result:without-call': 1, 'tool_result:repeated': 1, 'queue-operation': 1, 'brand-new-record-type': 1 },
    });
  });

  it('counts record types named like what every object has (valueOf, __proto__, constructor) as any other', () => {
    const importer = createClaudeCodeImporter();
    for (const type of ['valueOf', '__proto__', 'constructor', 'valueOf']) importer.feedLine(line({ type }));
    expect(importer.skipped()).toEqual({ total: 4, byType: { valueOf: 2, ['__proto__']: 1, constructor: 1 } });
  });

  it('joins the text blocks of one reply, and starts a new message for text after its tool call', () => {
    const importer = createClaudeCodeImporter();
    const text = (value: string) => line({ type: 'assistant', message: { id: 'msg_9', role: 'assistant', content: [{ type: 'text', text: value }] } });
    const session = collect([text('One.'), text('Two.'), toolUse('msg_9', 'c', 'Glob', { pattern: '*' }), text('Three.')].flatMap((value) => importer.feedLine(value)));
    expect([...session.texts]).toEqual([
      ['msg_9', 'One.\n\nTwo.'],
      ['msg_9-2', 'Three.'],
    ]);
  });

  it("links 2.1's TaskStop to a background shell of the session, and leaves it generic for an agent's id", () => {
    const importer = createClaudeCodeImporter();
    const lines = [
      toolUse('m1', 'bg', 'Bash', { command: 'npm run dev', run_in_background: true }),
      toolResult('bg', 'Command running in background with ID: b1x.', { stdout: '', stderr: '', interrupted: false, backgroundTaskId: 'b1x' }),
      toolUse('m2', 'stop', 'TaskStop', { task_id: 'b1x' }),
      toolResult('stop', 'Stopped b1x'),
      toolUse('m3', 'stop-agent', 'TaskStop', { task_id: 'agent-7' }),
      toolResult('stop-agent', 'Stopped agent-7'),
    ];
    const session = collect(lines.flatMap((text) => importer.feedLine(text)));
    expect(terminalMetaFromMeta(session.calls.get('stop')?.result?.meta)).toMatchObject({ command: 'npm run dev', shellId: 'b1x', interrupted: true });
    expect(session.calls.get('stop-agent')?.result).toEqual({ text: 'Stopped agent-7', isError: false });
  });

  it("ends the turn as cancelled on Claude Code's interrupt line, which is no prompt", () => {
    const importer = createClaudeCodeImporter();
    const interrupt = line({ type: 'user', message: { role: 'user', content: [{ type: 'text', text: '[Request interrupted by user]' }] } });
    expect(importer.feedLine(interrupt).map(({ event }) => event)).toEqual([{ type: 'turn/end', data: { reason: 'cancelled' } }]);
    expect(importer.facts().title).toBeUndefined();
  });

  it("shows paths against the session's folder after the agent's cwd moved, and runs the shell where it was", () => {
    const importer = createClaudeCodeImporter();
    const moved = (text: string) => JSON.stringify({ ...JSON.parse(text), cwd: '/w/sub' });
    const lines = [
      line({ type: 'user', message: { role: 'user', content: 'go' } }),
      moved(toolUse('m1', 'r', 'Read', { file_path: '/w/sub/a.ts' })),
      moved(toolUse('m1', 'b', 'Bash', { command: 'pwd' })),
      toolResult('b', '/w/sub', { stdout: '/w/sub', stderr: '', interrupted: false }),
    ];
    const session = collect(lines.flatMap((text) => importer.feedLine(text)));
    expect(session.calls.get('r')?.args).toEqual({ path: 'sub/a.ts' });
    expect(terminalMetaFromMeta(session.calls.get('b')?.result?.meta)?.cwd).toBe('/w/sub');
    expect(importer.facts().cwd).toBe('/w');
  });

  it('takes the name the person gave the session (2.1 custom-title) over its first prompt, and the agent\'s title after it', () => {
    const prompt = line({ type: 'user', message: { role: 'user', content: 'Fix the parser' } });
    const importer = createClaudeCodeImporter();
    importer.feedLine(line({ type: 'ai-title', aiTitle: 'Parser fix' }));
    importer.feedLine(prompt);
    expect(importer.facts().title).toBe('Fix the parser');
    importer.feedLine(line({ type: 'custom-title', customTitle: 'csv work' }));
    importer.feedLine(line({ type: 'custom-title', customTitle: 'csv parser' }));
    expect(importer.facts().title).toBe('csv parser');
    const untitled = createClaudeCodeImporter();
    untitled.feedLine(line({ type: 'ai-title', aiTitle: 'Parser fix' }));
    expect(untitled.facts().title).toBe('Parser fix');
    expect(untitled.skipped().total).toBe(0);
  });

  it('shows a prompt typed while a reply ran (a queued_command attachment) and counts a queued notification', () => {
    const importer = createClaudeCodeImporter();
    const queued = (prompt: string, origin?: unknown) => line({ type: 'attachment', attachment: { type: 'queued_command', prompt, ...(origin ? { origin } : {}) } });
    const events = [
      queued('also check the tests'),
      queued('<task-notification>\n<task-id>b1</task-id>\n</task-notification>', { kind: 'task-notification' }),
      line({ type: 'attachment', attachment: { type: 'todo_reminder', content: [] } }),
    ].flatMap((text) => importer.feedLine(text));
    expect(events.map(({ event }) => event)).toEqual([{ type: 'user/message', data: { text: 'also check the tests' } }]);
    expect(importer.skipped().byType).toEqual({ 'user:task-notification': 1, attachment: 1 });
  });
});
