import { createReadStream } from 'node:fs';
import { open } from 'node:fs/promises';
import { performance } from 'node:perf_hooks';
import { createInterface } from 'node:readline';

/** A transcript the real Claude Code 2.1.332 wrote: its structures, repeated with fresh tool ids, make the big one. */
export const FIXTURE = 'packages/importers/src/claude-code/fixtures/claude-code-2.1.332-scenario.jsonl';
/** The session uuid of the fixture (its file name in projects/-w/); toolcards lists it as `cc-<uuid>`. */
export const AGENT_SESSION = '85804c32-f313-4d87-89d1-9d1d84ffb501';

/** Writes the scenario's lines again and again (fresh ids each round) until the file holds `target` bytes. */
export async function writeRepeated(file: string, lines: readonly string[], target: number): Promise<{ bytes: number; lineCount: number }> {
  const handle = await open(file, 'w');
  let bytes = 0;
  let lineCount = 0;
  try {
    for (let round = 0; bytes < target; round += 1) {
      const text = lines.map((line) => repeatedLine(line, round)).join('\n') + '\n';
      await handle.write(text);
      bytes += Buffer.byteLength(text);
      lineCount += lines.length;
    }
  } finally {
    await handle.close();
  }
  return { bytes, lineCount };
}

/** One line of the scenario for round `round`: fresh tool ids and record uuids (same length, so sizes stay exact). */
export function repeatedLine(line: string, round: number): string {
  const suffix = round.toString(16).padStart(12, '0');
  return line
    .replaceAll('toolu_', `toolu_r${round}_`)
    .replace(/"(uuid|parentUuid|leafUuid)":"([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-)[0-9a-f]{12}"/g, (_match, key: string, head: string) => `"${key}":"${head}${suffix}"`);
}

/** The least any mapping does: read the file and JSON.parse each line (ms). */
export async function readAndParse(file: string): Promise<number> {
  const started = performance.now();
  const reader = createInterface({ input: createReadStream(file), crlfDelay: Infinity });
  for await (const line of reader) JSON.parse(line);
  return performance.now() - started;
}
