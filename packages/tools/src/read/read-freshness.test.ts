import { mkdtemp, rm, unlink, utimes, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { readMetaFromMeta, type ReadMeta } from '@toolcards/protocol';
import { presentResult, runTool } from '../registry';
import { DEFAULT_TOOL_CONFIG } from '../tool-config';
import type { Workspace } from '../tool';
import { createWorkspace } from '../workspace';
import { fileLines } from './file-lines';
import { readFreshness } from './read-freshness';

let root: string;
let workspace: Workspace;
const signal = new AbortController().signal;
const TEN_LINES = Array.from({ length: 10 }, (_, index) => `line ${index + 1}`).join('\n') + '\n';

beforeEach(async () => {
  root = await mkdtemp(path.join(tmpdir(), 'toolcards-freshness-'));
  workspace = await createWorkspace(root);
  await writeFile(path.join(root, 'a.txt'), TEN_LINES);
});
afterEach(() => rm(root, { recursive: true, force: true }));

/** A real read of lines 4–6, as the log keeps its meta. */
async function readLines4to6(): Promise<ReadMeta> {
  const result = await runTool('read', { path: 'a.txt', offset: 4, limit: 3 }, { workspace, signal, config: DEFAULT_TOOL_CONFIG });
  const meta = readMetaFromMeta(result.meta);
  if (!meta) throw new Error('read gave no meta');
  return meta;
}

const freshness = (meta: ReadMeta) => readFreshness(workspace, meta, DEFAULT_TOOL_CONFIG, signal);

/** Writes new text with an mtime that surely differs from the read's. */
async function rewrite(text: string): Promise<void> {
  const file = path.join(root, 'a.txt');
  await writeFile(file, text);
  const later = new Date(Date.now() + 5_000);
  await utimes(file, later, later);
}

describe('readFreshness', () => {
  it('records the file as read and finds it unchanged', async () => {
    const meta = await readLines4to6();
    expect(meta).toMatchObject({ size: TEN_LINES.length, windowHash: expect.stringMatching(/^[0-9a-f]{64}$/) });
    expect(meta.mtimeMs).toBeGreaterThan(0);
    expect(await freshness(meta)).toBe('unchanged');
  });

  it('tells a change below the window from one inside it', async () => {
    const meta = await readLines4to6();
    await rewrite(TEN_LINES.replace('line 9', 'line nine'));
    expect(await freshness(meta)).toBe('changed-outside');
    await rewrite(TEN_LINES.replace('line 5', 'line five'));
    expect(await freshness(meta)).toBe('changed-inside');
  });

  it('counts a line inserted above the window as a change inside it (its lines moved)', async () => {
    const meta = await readLines4to6();
    await rewrite('new first line\n' + TEN_LINES);
    expect(await freshness(meta)).toBe('changed-inside');
  });

  it('says deleted when the file is gone, and changed-inside when it became shorter than the window', async () => {
    const meta = await readLines4to6();
    await rewrite('line 1\nline 2\n');
    expect(await freshness(meta)).toBe('changed-inside');
    await unlink(path.join(root, 'a.txt'));
    expect(await freshness(meta)).toBe('deleted');
  });

  it('compares an old log entry without a fingerprint by its window text', async () => {
    const { mtimeMs: _mtime, size: _size, windowHash: _hash, ...old } = await readLines4to6();
    expect(await freshness(old)).toBe('unchanged');
    await rewrite(TEN_LINES.replace('line 9', 'line nine'));
    expect(await freshness(old)).toBe('unchanged');
    await rewrite(TEN_LINES.replace('line 4', 'line four'));
    expect(await freshness(old)).toBe('changed-inside');
  });

  it('is presented on the read card: the view carries the fingerprint', async () => {
    const result = await runTool('read', { path: 'a.txt' }, { workspace, signal, config: DEFAULT_TOOL_CONFIG });
    expect(presentResult('read', { path: 'a.txt' }, result)).toMatchObject({ card: 'read', size: TEN_LINES.length });
  });
});

describe('fileLines', () => {
  it('reads lines of the file now with the read tool’s confinement, and says what it read', async () => {
    const lines = await fileLines(workspace, 'a.txt', { offset: 9, limit: 50 }, DEFAULT_TOOL_CONFIG, signal);
    expect(lines).toMatchObject({ ok: true, value: { path: 'a.txt', offset: 9, totalLines: 10, size: TEN_LINES.length } });
    expect(lines.ok && lines.value.lines).toEqual([
      { number: 9, text: 'line 9' },
      { number: 10, text: 'line 10' },
    ]);
    const outside = await fileLines(workspace, '../x.txt', { offset: 1, limit: 5 }, DEFAULT_TOOL_CONFIG, signal);
    expect(outside).toMatchObject({ ok: false, error: { code: 'FS_OUTSIDE_WORKSPACE' } });
    const past = await fileLines(workspace, 'a.txt', { offset: 40, limit: 5 }, DEFAULT_TOOL_CONFIG, signal);
    expect(past).toMatchObject({ ok: false, error: { code: 'FS_OFFSET_PAST_END' } });
  });
});
