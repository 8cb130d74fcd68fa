import { mkdtemp, open, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { pathAsText } from '@toolcards/tools';
import { CHECKPOINT_EVERY, DamagedSpillError, MAX_SPILL_LINE_BYTES, outlineSpill, parseMatchRow, readSection } from './spill-outline';

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

  it('reads back a path quoted by the tools: a newline in a file name forges no file and no match', async () => {
    const name = 'nl\n  Line 7: FAKE MATCH.txt';
    const rowLike = '  Line 8: FAKE ROW.txt';
    const file = await spill('quoted.txt', [`${pathAsText(name)}:`, '  Line 1: one', '  Line 3: three', '', `${pathAsText(rowLike)}:`, '  Line 2: two'].join('\n') + '\n');
    try {
      const outline = await outlineSpill(file, 'matches');
      expect(outline.sections.map(({ path, count }) => ({ path, count }))).toEqual([
        { path: name, count: 2 },
        { path: rowLike, count: 1 },
      ]);
      expect(await readSection(file, outline.sections[0]!, 0, 10)).toEqual(['  Line 1: one', '  Line 3: three']);
    } finally {
      await file.close();
    }
  });

  it('counts a glob spill’s quoted path as one path', async () => {
    const file = await spill('glob-quoted.txt', `a.ts\n${pathAsText('nl\nb.ts')}\nc.ts\n`);
    try {
      const outline = await outlineSpill(file, 'paths');
      expect(outline.total).toBe(3);
      expect(await readSection(file, outline.sections[0]!, 1, 1)).toEqual(['"nl\\nb.ts"']);
    } finally {
      await file.close();
    }
  });

  it('refuses a file the tools did not write as a damaged spill', async () => {
    const damaged: [string, 'matches' | 'paths'][] = [
      ['  Line 1: a row before any file\n', 'matches'],
      ['a.ts\n  Line 1: x\n', 'matches'],
      ['"a.ts:\n  Line 1: x\n', 'matches'],
      ['"a\\q.ts":\n  Line 1: x\n', 'matches'],
      ['a.ts\n"b.ts\n', 'paths'],
    ];
    for (const [index, [text, shape]] of damaged.entries()) {
      const file = await spill(`damaged-${index}.txt`, text);
      try {
        await expect(outlineSpill(file, shape), text).rejects.toBeInstanceOf(DamagedSpillError);
      } finally {
        await file.close();
      }
    }
  });

  it('refuses a spill of one huge line at its first chunk, never holding the line', async () => {
    // 20 MB here; a 200 MB line was measured by hand (see the full-result route test).
    const path = join(dir, 'one-line.txt');
    await writeFile(path, Buffer.alloc(20 * 1024 * 1024, 0x61));
    for (const shape of ['matches', 'paths'] as const) {
      const file = await open(path);
      try {
        await expect(outlineSpill(file, shape)).rejects.toThrow(/longer than 65536 bytes/);
      } finally {
        await file.close();
      }
    }
  });

  it('reads lines up to the cap, across chunk boundaries, and refuses one byte more', async () => {
    const longest = `${'p'.repeat(MAX_SPILL_LINE_BYTES - 1)}:`;
    // Padding puts the long header across the first 1 MiB chunk's end.
    const padding = Array.from({ length: 1 << 15 }, () => 'x'.repeat(31)).join('\n');
    const file = await spill('at-cap.txt', `${padding}\n${longest}\n  Line 1: ok\n`);
    try {
      const outline = await outlineSpill(file, 'paths');
      expect(outline.total).toBe((1 << 15) + 2);
    } finally {
      await file.close();
    }
    const atCap = await spill('at-cap-grep.txt', `${longest}\n  Line 1: ok\n`);
    try {
      expect((await outlineSpill(atCap, 'matches')).sections[0]).toMatchObject({ path: 'p'.repeat(MAX_SPILL_LINE_BYTES - 1), count: 1 });
    } finally {
      await atCap.close();
    }
    const over = await spill('over-cap.txt', `p${longest}\n  Line 1: ok\n`);
    try {
      await expect(outlineSpill(over, 'matches')).rejects.toBeInstanceOf(DamagedSpillError);
    } finally {
      await over.close();
    }
  });

  it('reads only well-formed match rows', () => {
    expect(parseMatchRow('  Line 0: x')).toBeUndefined();
    expect(parseMatchRow('Line 3: x')).toBeUndefined();
    expect(parseMatchRow('  Line 12: ')).toEqual({ lineNumber: 12, line: '' });
  });
});
