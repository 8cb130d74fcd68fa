import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { readLogLines } from './log-lines';

describe('readLogLines', () => {
  const dirs: string[] = [];
  afterEach(async () => {
    await Promise.all(dirs.splice(0).map((dir) => rm(dir, { recursive: true, force: true })));
  });

  it('lets the event loop turn while its consumer works through a file chunk of thousands of lines', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'toolcards-lines-'));
    dirs.push(dir);
    const path = join(dir, 'log.jsonl');
    // 4,000 lines of 100 bytes: the first 256 KiB chunk alone holds about 2,600 of them.
    await writeFile(path, `${'x'.repeat(99)}\n`.repeat(4_000));
    let lines = 0;
    let linesWhenTurned: number | undefined;
    for await (const line of readLogLines(path)) {
      lines += 1;
      expect(line.text).toHaveLength(99);
      // Asked after the first chunk came: a reader that yields only to microtasks lets it run at the chunk's end.
      if (lines === 1) setImmediate(() => (linesWhenTurned = lines));
      // A consumer doing real work per line (a replay computing views): about 20 µs.
      const until = performance.now() + 0.02;
      while (performance.now() < until);
    }
    expect(lines).toBe(4_000);
    expect(linesWhenTurned).toBeDefined();
    expect(linesWhenTurned!).toBeLessThan(1_500);
  });
});
