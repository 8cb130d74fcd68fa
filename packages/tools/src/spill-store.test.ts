import { mkdtemp, readFile, readdir, rm, stat, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createSpillStore, spillFileName } from './spill-store';

let base: string;
beforeEach(async () => {
  base = await mkdtemp(path.join(tmpdir(), 'toolcards-spill-test-'));
});
afterEach(() => rm(base, { recursive: true, force: true }));

const mode = async (file: string) => (await stat(file)).mode & 0o777;

describe('createSpillStore', () => {
  it('creates its folder lazily with mode 0700 and each file with 0600', async () => {
    const dir = path.join(base, 'session', 'spill');
    const store = createSpillStore(dir);
    expect(store.dir).toBe(dir);
    await expect(stat(dir)).rejects.toThrow();
    const writer = await store.create('grep');
    expect(writer).toBeDefined();
    expect(await mode(dir)).toBe(0o700);
    expect(await mode(writer!.path)).toBe(0o600);
    expect(path.dirname(writer!.path)).toBe(dir);
    expect(path.basename(writer!.path)).toMatch(/^grep-\d{8}-\d{6}-[0-9a-f]{8}\.txt$/);
    expect(await writer!.close()).toBe(true);
  });

  it('tightens an existing folder of ours to 0700', async () => {
    const dir = path.join(base, 'spill');
    await import('node:fs/promises').then((fs) => fs.mkdir(dir, { mode: 0o755 }));
    await (await createSpillStore(dir).create('glob'))!.close();
    expect(await mode(dir)).toBe(0o700);
  });

  it('writes text and bytes in order, across many batches', async () => {
    const writer = (await createSpillStore(base).create('grep'))!;
    const expected: string[] = [];
    for (let index = 0; index < 5000; index += 1) {
      const line = `line ${index} ${'é'.repeat(index % 50)}\n`;
      expected.push(line);
      if (index % 2 === 0) writer.write(line);
      else writer.write(Buffer.from(line, 'utf8'));
    }
    writer.write('');
    expect(await writer.close()).toBe(true);
    writer.write('ignored after close');
    expect(await writer.close()).toBe(true);
    expect(await readFile(writer.path, 'utf8')).toBe(expected.join(''));
  });

  it('gives every call its own file', async () => {
    const store = createSpillStore(base);
    const first = (await store.create('grep'))!;
    const second = (await store.create('grep'))!;
    expect(first.path).not.toBe(second.path);
    await Promise.all([first.close(), second.close()]);
    expect((await readdir(base)).length).toBe(2);
  });

  it('is best effort: a folder it cannot use yields undefined, never a throw', async () => {
    const blocker = path.join(base, 'a-file');
    await writeFile(blocker, 'x');
    expect(await createSpillStore(blocker).create('grep')).toBeUndefined();
    expect(await createSpillStore(path.join(blocker, 'below')).create('grep')).toBeUndefined();
  });

  it('refuses a symlink planted where its folder should be', async () => {
    const elsewhere = await mkdtemp(path.join(tmpdir(), 'toolcards-spill-elsewhere-'));
    try {
      const planted = path.join(base, 'spill');
      await symlink(elsewhere, planted);
      expect(await createSpillStore(planted).create('grep')).toBeUndefined();
      expect(await readdir(elsewhere)).toEqual([]);
    } finally {
      await rm(elsewhere, { recursive: true, force: true });
    }
  });
});

describe('spillFileName', () => {
  it('sorts by time and keeps only safe characters of the prefix', () => {
    const now = new Date('2025-01-31T14:25:01.123Z');
    expect(spillFileName('grep', now, 'abcd1234')).toBe('grep-20250131-142501-abcd1234.txt');
    expect(spillFileName('../../x y', now, '00')).toBe('xy-20250131-142501-00.txt');
    expect(spillFileName('///', now, '00')).toBe('result-20250131-142501-00.txt');
  });
});
