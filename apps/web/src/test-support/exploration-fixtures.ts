import type { ServerFrame } from '@toolcards/protocol';

/** A model's read, grep or glob in a run, as the server delivers it: call then result, with their views. */
export type ExplorationStep = { read: string; lines?: number; total?: number } | { grep: string; files: number } | { glob: string; paths: number } | { failedRead: string };

const time = (seq: number) => `2026-12-01T00:00:${String(seq % 60).padStart(2, '0')}Z`;

/** Frames of model calls from `startSeq` (two events each); `result: false` leaves the last call running. */
export function explorationFrames(sessionId: string, steps: readonly ExplorationStep[], startSeq = 0, options: { lastRunning?: boolean } = {}): ServerFrame[] {
  const frames: ServerFrame[] = [];
  let seq = startSeq;
  steps.forEach((step, index) => {
    const callId = `x${startSeq + index * 2}`;
    const call = (name: string, args: Record<string, string>, title: string, kind: 'read' | 'search', path?: string): ServerFrame => ({
      type: 'event',
      sessionId,
      event: { seq: seq++, time: time(seq), type: 'tool/call', data: { callId, name, args, origin: 'model' } },
      view: { card: 'generic', title, kind, ...(path ? { locations: [{ path }] } : {}) },
    });
    const result = (view: unknown, text: string, isError = false): ServerFrame => ({
      type: 'event',
      sessionId,
      event: {
        seq: seq++,
        time: time(seq),
        type: 'tool/result',
        data: { callId, content: [{ type: 'text', text }], isError, ...(isError ? { error: { code: 'FS_NOT_FOUND', message: text } } : {}) },
      },
      view,
    });
    const last = index === steps.length - 1 && options.lastRunning === true;
    if ('read' in step) {
      const count = step.lines ?? 12;
      frames.push(call('read', { path: step.read }, `Read ${step.read}`, 'read', step.read));
      if (!last) {
        const lines = Array.from({ length: count }, (_, at) => ({ number: at + 1, text: `export const line${at + 1} = ${at + 1}; // ${step.read}` }));
        frames.push(result({ card: 'read', title: `Read ${step.read}`, path: step.read, offset: 1, lines, totalLines: step.total ?? count, lang: 'typescript' }, lines.map((line) => line.text).join('\n')));
      }
    } else if ('failedRead' in step) {
      frames.push(call('read', { path: step.failedRead }, `Read ${step.failedRead}`, 'read', step.failedRead));
      if (!last) frames.push(result({ card: 'generic', title: `Read ${step.failedRead}` }, `File not found: ${step.failedRead}`, true));
    } else if ('grep' in step) {
      frames.push(call('grep', { pattern: step.grep }, `Grep ${step.grep}`, 'search'));
      if (!last) {
        const files = Array.from({ length: step.files }, (_, at) => ({
          path: `src/mod${at}.ts`,
          matches: [{ lineNumber: 3, line: `const ${step.grep} = ${at};`, ranges: [[6, 6 + step.grep.length]] as [number, number][] }],
        }));
        frames.push(result({ card: 'search', shape: 'matches', title: `Grep ${step.grep}`, files, truncated: false, total: step.files }, `Found ${step.files} matches`));
      }
    } else {
      frames.push(call('glob', { pattern: step.glob }, `Glob ${step.glob}`, 'search'));
      if (!last) {
        const paths = Array.from({ length: step.paths }, (_, at) => `src/file${at}.ts`);
        frames.push(result({ card: 'search', shape: 'paths', title: `Glob ${step.glob}`, paths, truncated: false, total: step.paths }, paths.join('\n')));
      }
    }
  });
  return frames;
}

/** A run of five: three reads, a grep and a glob. */
export const FIVE_STEP_RUN: readonly ExplorationStep[] = [
  { read: 'src/app.ts', lines: 40, total: 120 },
  { grep: 'needle', files: 3 },
  { read: 'src/parse.ts', lines: 20, total: 20 },
  { glob: '**/*.test.ts', paths: 4 },
  { read: 'src/lex.ts', lines: 8, total: 300 },
];

/** A live run: a read (drawn as a card), then a grep and a glob still running. */
export const LIVE_RUN: readonly ExplorationStep[] = [
  { read: 'src/app.ts', lines: 12, total: 120 },
  { grep: 'needle', files: 2 },
  { glob: 'src/**/*.ts', paths: 3 },
];
