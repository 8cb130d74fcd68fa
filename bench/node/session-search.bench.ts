import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { rgPath } from '@vscode/ripgrep';
import { startToolcards } from '../../e2e/support/toolcards-process';
import type { BenchDefinition } from '../bench-context';
import { exactFigure, measuredFigure } from '../figures';
import { pairwiseRatios } from '../stats';
import { spawnAndDrain } from './spawn-drain';

const FULL = { sessions: 1_000, bytesPerSession: 200_000 };
const QUICK = { sessions: 40, bytesPerSession: 50_000 };
/** In three sessions only: the search must read every log to find them. */
const RARE = 'quasar-lattice';

/** A line of generated TypeScript, different per session and line. */
function codeLine(session: number, line: number): string {
  return `export function handler${session}_${line}(input: Request): Promise<Response> { return route(input, "${(session * 7919 + line) % 104729}"); }`;
}

/**
 * One session log as the server writes it: a header, then read calls and results whose
 * content is numbered code lines (the bulk of real logs), until `bytes`.
 */
function sessionLog(session: number, bytes: number, rare: boolean): { id: string; text: string } {
  const id = `20261201-000000-${String(session).padStart(6, '0')}`;
  const lines = [JSON.stringify({ type: 'session', version: 1, id, cwd: '/bench/workspace', createdAt: '2026-12-01T00:00:00.000Z' })];
  let size = lines[0]!.length;
  for (let seq = 0, call = 0; size < bytes; call += 1) {
    const callId = `call-${call}`;
    const path = `src/module${call % 50}/file${call}.ts`;
    const code = Array.from({ length: 40 }, (_, index) => `${index + 1}: ${codeLine(session, call * 40 + index)}`);
    if (rare && call === 3) code[20] = `21: const marker = "${RARE}";`;
    const events = [
      { seq: seq++, time: '2026-12-01T00:00:00.000Z', type: 'tool/call', data: { callId, name: 'read', args: { path }, origin: 'model' } },
      { seq: seq++, time: '2026-12-01T00:00:01.000Z', type: 'tool/result', data: { callId, content: [{ type: 'text', text: `<path>${path}</path>\n<type>file</type>\n<content>\n${code.join('\n')}\n</content>` }], isError: false } },
    ];
    for (const event of events) {
      const line = JSON.stringify(event);
      lines.push(line);
      size += line.length + 1;
    }
  }
  return { id, text: lines.join('\n') + '\n' };
}

export const sessionSearchBench: BenchDefinition = {
  name: 'session-search',
  about: 'search across sessions through the real CLI and HTTP API (GET /api/search) over 1,000 generated session logs (200 MB), against raw `rg` on the same folder',
  async run(context) {
    const sizes = context.quick ? QUICK : FULL;
    const root = path.join(context.scratch, 'session-search');
    const sessionsDir = path.join(root, 'data', 'sessions');
    await mkdir(sessionsDir, { recursive: true });
    await mkdir(path.join(root, 'workspace'), { recursive: true });
    let bytes = 0;
    for (let session = 0; session < sizes.sessions; session += 1) {
      const log = sessionLog(session, sizes.bytesPerSession, session % Math.ceil(sizes.sessions / 3) === 1);
      await writeFile(path.join(sessionsDir, `${log.id}.jsonl`), log.text);
      bytes += log.text.length;
    }
    context.log(`${sizes.sessions.toLocaleString('en-US')} session logs, ${(bytes / 1e6).toFixed(0)} MB`);

    const server = await startToolcards({ workspace: path.join(root, 'workspace'), dataDir: path.join(root, 'data') });
    try {
      const searchOnce = async (): Promise<{ ms: number; sessions: number }> => {
        const started = performance.now();
        const response = await fetch(`${server.origin}/api/search?q=${encodeURIComponent(RARE)}`, { headers: { Authorization: `Bearer ${server.token}` } });
        const body = (await response.json()) as { sessions: number };
        if (!response.ok) throw new Error(`search failed: ${JSON.stringify(body)}`);
        return { ms: performance.now() - started, sessions: body.sessions };
      };
      // Plain ripgrep as a person would run it over the folder: same pattern, case-insensitive, fixed string.
      const rgOnce = async () => (await spawnAndDrain(rgPath, ['--no-config', '--ignore-case', '--fixed-strings', `--regexp=${RARE}`, '--', sessionsDir], root)).ms;
      const searchMs: number[] = [];
      const rgMs: number[] = [];
      let found = 0;
      for (let index = -1; index < context.runs; index += 1) {
        const searchFirst = index % 2 === 0;
        const first = searchFirst ? await searchOnce() : await rgOnce();
        const second = searchFirst ? await rgOnce() : await searchOnce();
        const search = (searchFirst ? first : second) as { ms: number; sessions: number };
        found = search.sessions;
        if (index < 0) continue; // warm-up: the page cache and the server's session index
        searchMs.push(search.ms);
        rgMs.push((searchFirst ? second : first) as number);
      }
      const what = `"${RARE}" over ${sizes.sessions.toLocaleString('en-US')} sessions (${(bytes / 1e6).toFixed(0)} MB)`;
      return {
        figures: [
          measuredFigure('session-search.api', `${what}: GET /api/search, real CLI`, 'ms', searchMs),
          measuredFigure('session-search.rg', `${what}: raw rg on the sessions folder`, 'ms', rgMs),
          measuredFigure('session-search.ratio', `${what}: search / rg`, 'ratio', pairwiseRatios(searchMs, rgMs), { op: '≤', value: 1.2 }),
          exactFigure('session-search.found', `${what}: sessions found`, 'count', found),
        ],
      };
    } finally {
      await server.stop();
    }
  },
};
