import { mkdir, mkdtemp, rename, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { until } from '../../../tools/src/test-support/until';
import { FileWatches } from './file-watches';

let root: string;
let watches: FileWatches;
beforeEach(async () => {
  root = await mkdtemp(path.join(tmpdir(), 'toolcards-watch-'));
});
afterEach(async () => {
  watches.close();
  await rm(root, { recursive: true, force: true });
});

function counter() {
  const count = { value: 0 };
  return { count, listener: () => (count.value += 1) };
}

describe('FileWatches', () => {
  it('hears an editor’s save by rename over the file, and stops when unwatched', async () => {
    watches = new FileWatches();
    const file = path.join(root, 'a.ts');
    await writeFile(file, 'one\n');
    const { count, listener } = counter();
    const stop = watches.watch(file, listener);
    await writeFile(path.join(root, 'a.ts.tmp'), 'two\n');
    await rename(path.join(root, 'a.ts.tmp'), file);
    await until(() => count.value > 0, 'a change after the rename');
    // Another file in the folder is not news for this one.
    const seen = count.value;
    await writeFile(path.join(root, 'b.ts'), 'other\n');
    await new Promise((resolve) => setTimeout(resolve, 150));
    expect(count.value).toBe(seen);
    stop();
    expect(watches.counts.folders).toBe(0);
  });

  it('polls files beyond its bound of folder watchers, and files in folders that cannot be watched', async () => {
    watches = new FileWatches({ maxFolders: 1, pollMs: 20 });
    await mkdir(path.join(root, 'one'));
    await mkdir(path.join(root, 'two'));
    const first = counter();
    const second = counter();
    const missing = counter();
    watches.watch(path.join(root, 'one', 'a.ts'), first.listener);
    watches.watch(path.join(root, 'two', 'b.ts'), second.listener);
    watches.watch(path.join(root, 'gone', 'c.ts'), missing.listener);
    expect(watches.counts).toEqual({ folders: 1, polled: 2 });
    await writeFile(path.join(root, 'two', 'b.ts'), 'new\n');
    await until(() => second.count.value > 0, 'the polled file’s change');
    await mkdir(path.join(root, 'gone'));
    await writeFile(path.join(root, 'gone', 'c.ts'), 'appeared\n');
    await until(() => missing.count.value > 0, 'a file appearing in a folder that did not exist');
  });
});
