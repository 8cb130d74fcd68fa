import { mkdtemp, readFile, readdir, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { LazySpill, NOT_NEEDED, shownSpill } from './lazy-spill';
import { createSpillStore } from './spill-store';

let base: string;
beforeEach(async () => {
  base = await mkdtemp(path.join(tmpdir(), 'toolcards-lazy-spill-'));
});
afterEach(() => rm(base, { recursive: true, force: true }));

describe('LazySpill', () => {
  it('touches nothing when nothing is written', async () => {
    const spill = new LazySpill(createSpillStore(path.join(base, 'never')), 'grep');
    expect(await spill.finish()).toEqual({ kind: 'not-needed' });
    await expect(stat(path.join(base, 'never'))).rejects.toThrow();
  });

  it('opens the file on the first write and keeps writes made while it opens', async () => {
    const spill = new LazySpill(createSpillStore(base), 'grep');
    spill.write('one\n');
    spill.write(Buffer.from('two\n'));
    const outcome = await spill.finish();
    expect(outcome.kind).toBe('saved');
    if (outcome.kind === 'saved') expect(await readFile(outcome.path, 'utf8')).toBe('one\ntwo\n');
  });

  it('reports unsaved without a store, or when the file cannot be created', async () => {
    const none = new LazySpill(undefined, 'grep');
    none.write('x');
    expect(await none.finish()).toEqual({ kind: 'unsaved' });
    const blocker = path.join(base, 'a-file');
    await writeFile(blocker, 'x');
    const broken = new LazySpill(createSpillStore(blocker), 'grep');
    broken.write('x');
    broken.write('y');
    expect(await broken.finish()).toEqual({ kind: 'unsaved' });
  });

  it('discards a partial file', async () => {
    const spill = new LazySpill(createSpillStore(base), 'grep');
    spill.write('partial');
    await spill.discard();
    expect(await readdir(base)).toEqual([]);
    await new LazySpill(createSpillStore(base), 'grep').discard();
  });

  it('shows a saved path the way the workspace shows paths, and a missing spill as unsaved', () => {
    const display = (absolute: string) => `shown:${absolute}`;
    expect(shownSpill({ kind: 'saved', path: '/s/a.txt' }, display)).toEqual({ kind: 'saved', path: 'shown:/s/a.txt' });
    expect(shownSpill({ kind: 'unsaved' }, display)).toEqual({ kind: 'unsaved' });
    expect(shownSpill(NOT_NEEDED, display)).toEqual({ kind: 'unsaved' });
  });
});
