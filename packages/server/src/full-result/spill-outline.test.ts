import { mkdtemp, open, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { CHECKPOINT_EVERY, outlineSpill, parseMatchRow, readSection } from './spill-outline';

const dir = await mkdtemp(join(tmpdir(), 'toolcards-spill-'));
afterAll(() => rm(dir, { recursive: true, force: true }));

async function spill(name: string, text: string) {
  const path = join(dir, name);
  await writeFile(path, text);
  return open(path);
}

describe('spill outline', () => {
  it('outlines a grep spill by file and reads any window of a long file, across checkpoints and multi-byte text', async () => {
    const rows = Array.from({ length: 1000 }, (_, index) => `  Line ${index + 1}: é ${index + 1} 👋`);
    const file = await spill('grep.txt', ['a.ts:', '  Line 3: one', '', 'big/b.ts:', ...rows, '', 'c: d.ts:', '  Line 9: last: here'].join('\n') + '\n');
    try {
      const outline = await outlineSpill(file, 'matches');
      expect(outline.total).toBe(1002);
      expect(outline.sections.map(({ path, count }) => ({ path, count }))).toEqual([
        { path: 'a.ts', count: 1 },
        { path: 'big/b.ts', count: 1000 },
        { path: 'c: d.ts', count: 1 },
      ]);
      expect(outline.sections[1]!.checkpoints).toHaveLength(Math.ceil(1000 / CHECKPOINT_EVERY));
      expect(await readSection(file, outline.sections[1]!, 700, 3)).toEqual(rows.slice(700, 703));
      expect(await readSection(file, outline.sections[1]!, 998, 50)).toEqual(rows.slice(998));
      expect(await readSection(file, outline.sections[1]!, 1000, 5)).toEqual([]);
      expect(parseMatchRow((await readSection(file, outline.sections[2]!, 0, 1))[0]!)).toEqual({ lineNumber: 9, line: 'last: here' });
    } finally {
      await file.close();
    }
  });

  it('outlines a glob spill as one list, the last line counted without a final newline', async () => {
    const file = await spill('glob.txt', 'b.ts\nsrc/a.ts\nz.md');
    try {
      const outline = await outlineSpill(file, 'paths');
      expect(outline.total).toBe(3);
      expect(await readSection(file, outline.sections[0]!, 1, 10)).toEqual(['src/a.ts', 'z.md']);
    } finally {
      await file.close();
    }
  });

  it('reads only well-formed match rows', () => {
    expect(parseMatchRow('  Line 0: x')).toBeUndefined();
    expect(parseMatchRow('Line 3: x')).toBeUndefined();
    expect(parseMatchRow('  Line 12: ')).toEqual({ lineNumber: 12, line: '' });
  });
});
