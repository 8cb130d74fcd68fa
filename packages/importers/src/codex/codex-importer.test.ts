import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { diffMetaFromMeta, planMetaFromMeta, readMetaFromMeta, searchMetaFromMeta, terminalMetaFromMeta } from '@toolcards/protocol';
import { describe, expect, it } from 'vitest';
import { mapTranscript } from '../test-support/claude-mapped-session';
import { createCodexImporter } from './codex-importer';

/**
 * Codex 0.58 rollouts (hand-written in the format that version wrote: `shell` with
 * `["bash","-lc",CMD]`, outputs as a JSON string {output, metadata}, long outputs shortened with
 * `[... omitted X of N lines ...]`), and damaged lines of any version.
 */

const fixture = (name: string) => readFileSync(join(import.meta.dirname, 'fixtures', name), 'utf8');

describe('Codex 0.58 rollout', () => {
  const importer = createCodexImporter();
  const session = mapTranscript(importer, fixture('codex-0.58.0-handwritten.jsonl'));
  const call = (id: string) => session.calls.get(id)!;

  it('names the session from its first real prompt, not the harness messages', () => {
    expect(session.prompts).toEqual(['Where is parseConfig used?']);
    expect(importer.facts()).toEqual({
      agentSessionId: '0199a1b2-0058-7000-8000-000000000058',
      cwd: '/home/me/app',
      createdAt: '2025-11-10T10:00:01.000Z',
      title: 'Where is parseConfig used?',
      agentVersion: '0.58.0',
    });
    expect([...session.texts.values()]).toEqual(['parseConfig is defined in src/config.ts:12 and used in src/main.ts:3.']);
    expect(session.turnEnds).toBe(1);
  });

  it('shows shell rg -n as matches and sed -n as the window it printed', () => {
    expect(call('call_rg')).toMatchObject({ name: 'grep', args: { pattern: 'parseConfig' } });
    const matches = searchMetaFromMeta(call('call_rg').result?.meta);
    expect(matches).toMatchObject({
      shape: 'matches',
      total: 2,
      files: [
        { path: 'src/config.ts', matches: [{ lineNumber: 12, ranges: [[16, 27]] }] },
        { path: 'src/main.ts', matches: [{ lineNumber: 3 }] },
      ],
    });
    expect(call('call_sed')).toMatchObject({ name: 'read', args: { path: 'src/config.ts', offset: 10, limit: 5 } });
    const read = readMetaFromMeta(call('call_sed').result?.meta);
    expect(read?.lines.map((line) => line.number)).toEqual([10, 11, 12, 13, 14]);
    expect(read?.lines[2]?.text).toBe('export function parseConfig(text: string) {');
    // The read presenter takes the text as its own read's.
    expect(call('call_sed').result?.text).toContain('<path>src/config.ts</path>');
  });

  it('shows the head of a read Codex shortened as the window, the rest counted', () => {
    const read = readMetaFromMeta(call('call_log').result?.meta);
    expect(read).toMatchObject({ path: 'logs/build.log', offset: 1, totalLines: 500 });
    expect(read?.lines).toEqual([1, 2, 3].map((number) => ({ number, text: `build step ${number}` })));
  });

  it('shows a shortened failing command as a terminal with the gap marked', () => {
    const terminal = terminalMetaFromMeta(call('call_test').result?.meta);
    expect(call('call_test').name).toBe('shell');
    expect(terminal).toEqual({
      command: 'npm test',
      cwd: '/home/me/app',
      exitCode: 1,
      durationMs: 4200,
      output: '> app@1.0.0 test\n> vitest run\n[… 296 lines (3–298 of 300) left out by Codex …]\nTests  1 failed | 41 passed\nexit 1\n',
      truncated: true,
    });
  });

  it('shows a path outside the workspace absolute', () => {
    expect(call('call_abs').args).toEqual({ path: '/etc/hostname' });
    expect(readMetaFromMeta(call('call_abs').result?.meta)?.lines).toEqual([{ number: 1, text: 'devbox' }]);
  });

  it('shows an apply_patch that adds a file as a diff, and one whose lines it cannot number as a terminal', () => {
    expect(diffMetaFromMeta(call('call_add').result?.meta)).toEqual({
      files: [{ path: 'docs/notes.md', status: 'added', lang: 'markdown', hunks: [{ oldStart: 0, oldLines: 0, newStart: 1, newLines: 2, lines: ['+# Notes', '+parseConfig lives in src/config.ts'] }] }],
    });
    const update = terminalMetaFromMeta(call('call_update').result?.meta);
    expect(update?.command).toContain('*** Update File: src/config.ts');
    expect(update?.output).toBe('Success. Updated the following files:\nM src/config.ts\n');
  });

  it('shows update_plan as a plan', () => {
    expect(planMetaFromMeta(call('call_plan').result?.meta)).toEqual({
      items: [
        { text: 'Find parseConfig', status: 'completed' },
        { text: 'Type its result', status: 'in_progress' },
      ],
      explanation: 'Found it',
    });
  });

  it('counts what it left out, by type', () => {
    expect(importer.skipped()).toEqual({
      total: 7,
      byType: {
        'message:harness': 2,
        'event_msg:user_message': 1,
        turn_context: 1,
        'response_item:reasoning': 1,
        'event_msg:token_count': 1,
        'event_msg:agent_message': 1,
      },
    });
  });
});

describe('Codex rollout lines as they arrive', () => {
  const cwd = '/w';
  const meta = JSON.stringify({ timestamp: '2026-01-01T00:00:00.000Z', type: 'session_meta', payload: { id: 's1', cwd, cli_version: '0.169.0' } });
  const item = (payload: unknown) => JSON.stringify({ timestamp: '2026-01-01T00:00:01.000Z', type: 'response_item', payload });

  it('shows a call pending until its output comes, and pairs by call_id in any order', () => {
    const importer = createCodexImporter();
    importer.feedLine(meta);
    const first = importer.feedLine(item({ type: 'function_call', name: 'exec_command', arguments: '{"cmd":"cat a.txt"}', call_id: 'c1' }));
    expect(first.map(({ event }) => event.type)).toEqual(['tool/call']);
    importer.feedLine(item({ type: 'function_call', name: 'exec_command', arguments: '{"cmd":"ls","workdir":"/w/sub"}', call_id: 'c2' }));
    const second = importer.feedLine(item({ type: 'function_call_output', call_id: 'c2', output: 'Chunk ID: 1\nWall time: 0 seconds\nProcess exited with code 0\nOutput:\nx.ts\n' }));
    expect(second[0]?.event).toMatchObject({ type: 'tool/result', data: { callId: 'c2', meta: { shape: 'paths', paths: ['sub/x.ts'] } } });
    const firstResult = importer.feedLine(item({ type: 'function_call_output', call_id: 'c1', output: 'Chunk ID: 2\nWall time: 0 seconds\nProcess exited with code 0\nOutput:\nhello\n' }));
    expect(firstResult[0]?.event).toMatchObject({ type: 'tool/result', data: { callId: 'c1', meta: { path: 'a.txt', lines: [{ number: 1, text: 'hello' }] } } });
    // A repeated output and one without its call are counted, not shown.
    expect(importer.feedLine(item({ type: 'function_call_output', call_id: 'c1', output: 'again' }))).toEqual([]);
    expect(importer.feedLine(item({ type: 'function_call_output', call_id: 'nope', output: 'x' }))).toEqual([]);
    expect(importer.skipped().byType).toEqual({ 'function_call_output:repeated': 1, 'function_call_output:without-call': 1 });
  });

  it('shows listings and one-file searches with paths from the session folder', () => {
    const importer = createCodexImporter();
    importer.feedLine(meta);
    const run = (callId: string, cmd: string, output: string) => {
      importer.feedLine(item({ type: 'function_call', name: 'exec_command', arguments: JSON.stringify({ cmd }), call_id: callId }));
      const [result] = importer.feedLine(item({ type: 'function_call_output', call_id: callId, output: `Chunk ID: 1\nWall time: 0 seconds\nProcess exited with code 0\nOutput:\n${output}` }));
      return result?.event.type === 'tool/result' ? result.event.data.meta : undefined;
    };
    expect(run('l1', 'ls src', 'a.ts\nb.ts\n')).toEqual({ shape: 'paths', paths: ['src/a.ts', 'src/b.ts'], truncated: false, total: 2 });
    expect(run('l2', "find . -name '*.ts'", './src/a.ts\n./b.ts\n')).toEqual({ shape: 'paths', paths: ['src/a.ts', 'b.ts'], truncated: false, total: 2 });
    expect(run('l3', 'cd src && rg -n needle a.ts', '3:a needle\n')).toEqual({
      shape: 'matches',
      files: [{ path: 'src/a.ts', matches: [{ lineNumber: 3, line: 'a needle', ranges: [[2, 8]] }] }],
      truncated: false,
      total: 1,
    });
    expect(run('l4', 'tail -n +4 src/a.ts', 'four\nfive\n')).toMatchObject({ path: 'src/a.ts', offset: 4, totalLines: 5, lines: [{ number: 4 }, { number: 5 }] });
  });

  it('shows a freeform apply_patch (custom_tool_call) from the FileChange item with true line numbers', () => {
    const importer = createCodexImporter();
    importer.feedLine(meta);
    importer.feedLine(item({ type: 'custom_tool_call', name: 'apply_patch', input: '*** Begin Patch\n*** Update File: src/a.ts\n@@\n-x\n+y\n*** End Patch', call_id: 'p1' }));
    importer.feedLine(
      JSON.stringify({
        timestamp: '2026-01-01T00:00:02.000Z',
        type: 'event_msg',
        payload: { type: 'item_completed', item: { type: 'FileChange', id: 'p1', status: 'completed', changes: { '/w/src/a.ts': { type: 'update', unified_diff: '@@ -7 +7 @@\n-x\n+y\n', move_path: null } } } },
      }),
    );
    const [result] = importer.feedLine(item({ type: 'custom_tool_call_output', call_id: 'p1', output: '{"output":"Success. Updated the following files:\\nM src/a.ts\\n","metadata":{"exit_code":0,"duration_seconds":0.0}}' }));
    expect(diffMetaFromMeta(result?.event.type === 'tool/result' ? result.event.data.meta : undefined)).toEqual({
      files: [{ path: 'src/a.ts', status: 'modified', lang: 'typescript', hunks: [{ oldStart: 7, oldLines: 1, newStart: 7, newLines: 1, lines: ['-x', '+y'] }] }],
    });
  });

  it('skips and counts malformed lines and unknown types, and goes on', () => {
    const importer = createCodexImporter();
    const lines = [
      meta,
      '{"timestamp":"2026-01-01T00:00:01.000Z","type":"response_item","payload":{"type":"message","role":"user","content":[{"type":"input_text","text":"hi"}]',
      'not json',
      '[1,2]',
      JSON.stringify({ type: 'compacted', payload: { message: 'summary' } }),
      // Names an object already has: counted like any other.
      JSON.stringify({ type: 'valueOf', payload: {} }),
      JSON.stringify({ type: '__proto__', payload: {} }),
      JSON.stringify({ type: 'response_item', payload: { type: 'web_search_call', action: {} } }),
      JSON.stringify({ type: 'response_item' }),
      JSON.stringify({ type: 'response_item', payload: { type: 'function_call', name: 'exec_command', arguments: '{}' } }),
      item({ type: 'message', role: 'user', content: [{ type: 'input_text', text: 'still here' }] }),
    ];
    const session = mapTranscript(importer, lines.join('\n'));
    expect(session.prompts).toEqual(['still here']);
    expect(importer.skipped()).toEqual({
      total: 9,
      byType: {
        malformed: 3,
        compacted: 1,
        valueOf: 1,
        ['__proto__']: 1,
        'response_item:web_search_call': 1,
        'response_item:no-payload': 1,
        'function_call:malformed': 1,
      },
    });
  });
});
