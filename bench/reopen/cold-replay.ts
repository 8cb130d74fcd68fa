import { readFile } from 'node:fs/promises';
import { performance } from 'node:perf_hooks';
import { replaySessionLog } from '@toolcards/session';

export interface ColdReplay {
  /** `replaySessionLog` over the whole log (what `SessionStore.replay` runs), per run. */
  replayMs: number[];
  /** Reading the file and `JSON.parse` of each line, per run (the floor issue 12 compares with). */
  parseMs: number[];
  events: number;
}

/**
 * The cold path in Node: replaying a long session's log through the session package
 * against plain `JSON.parse` of its lines. One warm-up of each, then `runs` pairs taken
 * back to back, alternating which goes first.
 */
export async function measureColdReplay(logPath: string, runs: number): Promise<ColdReplay> {
  const replay = async () => {
    let events = 0;
    const started = performance.now();
    await replaySessionLog(logPath, () => {
      events += 1;
    });
    return { ms: performance.now() - started, events };
  };
  const parse = async () => {
    const started = performance.now();
    const text = await readFile(logPath, 'utf8');
    let parsed = 0;
    for (const line of text.split('\n')) {
      if (line === '') continue;
      JSON.parse(line);
      parsed += 1;
    }
    return { ms: performance.now() - started, events: parsed - 1 };
  };
  await replay();
  await parse();
  const result: ColdReplay = { replayMs: [], parseMs: [], events: 0 };
  for (let index = 0; index < runs; index += 1) {
    const first = index % 2 === 0 ? await replay() : await parse();
    const second = index % 2 === 0 ? await parse() : await replay();
    const [replayed, parsed] = index % 2 === 0 ? [first, second] : [second, first];
    result.replayMs.push(replayed.ms);
    result.parseMs.push(parsed.ms);
    result.events = replayed.events;
  }
  return result;
}
