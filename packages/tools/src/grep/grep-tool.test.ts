import { mkdir, readFile, stat, writeFile } from 'node:fs/promises';
import { createServer } from 'node:net';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { searchMetaFromMeta, type SearchMatchesResultView } from '@toolcards/protocol';
import { presentResult, runTool } from '../registry';
import { buildFixtureWorkspace, FIXTURE, NEEDLE, textOf, type FixtureWorkspace } from '../test-support/fixture-workspace';
import { mkfifo } from '../test-support/mkfifo';
import { runningRipgreps } from '../test-support/ripgrep-processes';
import { until } from '../test-support/until';
import { createWorkspace } from '../workspace';
import { NOT_UTF8_MARKER, trailingCutMarker } from './match-preview';
import { comparePaths } from './path-order';

let fixture: FixtureWorkspace;
const SLOW_FILE = 'run-of-a.txt';
/** Compiles under the size limit, but runs for seconds over SLOW_FILE. */
const SLOW_PATTERN = 'a{50000}';
beforeAll(async () => {
  fixture = await buildFixtureWorkspace();
  await mkfifo(path.join(fixture.root, 'blocking-pipe'));
  // One long run of a's: a counted repetition over it keeps ripgrep busy for many seconds.
  await writeFile(path.join(fixture.root, SLOW_FILE), `${'a'.repeat(300_000)}\n`);
});
afterAll(() => fixture.cleanup());

type Overrides = Parameters<FixtureWorkspace['context']>[0];
const grep = (args: Record<string, unknown>, overrides?: Overrides) => runTool('grep', args as never, fixture.context(overrides));

/** Files the meta lists, sorted (ripgrep searches in parallel, so order varies between runs). */
function filesOf(meta: unknown): string[] {
  const narrowed = searchMetaFromMeta(meta);
  if (narrowed?.shape !== 'matches') throw new Error('not a matches meta');
  return narrowed.files.map((file) => file.path).sort();
}

describe('grep tool on real files with real ripgrep', () => {
  it('finds the needle in text files, skipping binary, ignored, hidden and symlinked-out files', async () => {
    const result = await grep({ pattern: NEEDLE, path: '.' });
    expect(result.isError).toBe(false);
    expect(filesOf(result.meta)).toEqual(
      [FIXTURE.dashed, FIXTURE.crlf, FIXTURE.latin1, FIXTURE.longLine, FIXTURE.spaced, FIXTURE.unicode].sort(),
    );
    const text = textOf(result);
    expect(text.split('\n')[0]).toBe('Found 7 matches');
    expect(text).toContain(`${FIXTURE.spaced}:\n  Line 1: spaced ${NEEDLE}`);
    expect(text).not.toContain('secret');
    expect(text).not.toContain(FIXTURE.ignored);
    expect(text).not.toContain('.git');
  });

  it('delivers unicode lines with UTF-16 ranges, CRLF lines without \\r, long lines cut to 2000 bytes, non-UTF-8 lines marked', async () => {
    const result = await grep({ pattern: NEEDLE });
    const view = presentResult('grep', { pattern: NEEDLE }, result) as SearchMatchesResultView;
    const byPath = new Map(view.files.map((file) => [file.path, file.matches]));
    const unicode = byPath.get(FIXTURE.unicode)!;
    expect(unicode.map((match) => match.line.slice(match.ranges![0]![0], match.ranges![0]![1]))).toEqual([NEEDLE, NEEDLE]);
    expect(unicode[0]!.line).toBe('const greeting = "héllo wörld 👋 needle";');
    expect(byPath.get(FIXTURE.crlf)![0]!.line).toBe(`first ${NEEDLE}`);
    expect(byPath.get(FIXTURE.longLine)![0]!.line).toBe(`${NEEDLE}${'b'.repeat(1994)}${trailingCutMarker(2000)}`);
    expect(byPath.get(FIXTURE.latin1)![0]!.line).toBe(`${NOT_UTF8_MARKER}caf\ufffd ${NEEDLE}`);
    expect(view).toMatchObject({ card: 'search', shape: 'matches', truncated: false, total: 7, title: `Grep ${NEEDLE}` });
  });

  it('narrows to a path and an include glob', async () => {
    expect(filesOf((await grep({ pattern: NEEDLE, path: 'src' })).meta)).toEqual([FIXTURE.unicode]);
    expect(filesOf((await grep({ pattern: NEEDLE, include: '*.ts' })).meta)).toEqual([FIXTURE.unicode]);
    expect(filesOf((await grep({ pattern: NEEDLE, path: FIXTURE.spaced })).meta)).toEqual([FIXTURE.spaced]);
    expect(filesOf((await grep({ pattern: NEEDLE, path: FIXTURE.dashed })).meta)).toEqual([FIXTURE.dashed]);
  });

  it('says "No matches found" for exit 1', async () => {
    const result = await grep({ pattern: 'zzz_not_anywhere_zzz' });
    expect(textOf(result)).toBe('No matches found');
    expect(result.meta).toEqual({ shape: 'matches', files: [], truncated: false, total: 0 });
    expect(presentResult('grep', { pattern: 'zzz_not_anywhere_zzz' }, result)).toMatchObject({ files: [], total: 0 });
  });

  it("turns an invalid regex into SEARCH_INVALID_PATTERN with ripgrep's own message", async () => {
    const result = await grep({ pattern: '(unclosed' });
    expect(result).toMatchObject({ isError: true, error: { code: 'SEARCH_INVALID_PATTERN' } });
    expect(result.error?.message).toMatch(/regex parse error/);
    expect(result.error?.message).toMatch(/unclosed group/);
    expect(result).not.toHaveProperty('meta');
    const glob = await grep({ pattern: NEEDLE, include: '{unclosed' });
    expect(glob.error?.code).toBe('SEARCH_INVALID_PATTERN');
    expect(glob.error?.message).toMatch(/glob/);
  });

  it('refuses paths outside the workspace', async () => {
    expect((await grep({ pattern: NEEDLE, path: '..' })).error?.code).toBe('FS_OUTSIDE_WORKSPACE');
    expect((await grep({ pattern: NEEDLE, path: FIXTURE.linkDirOut })).error?.code).toBe('FS_OUTSIDE_WORKSPACE');
    expect((await grep({ pattern: NEEDLE, path: 'missing' })).error?.code).toBe('FS_NOT_FOUND');
  });
});

describe('grep tool with hostile input', () => {
  it.each(['--files', '--pre=sh', '-e', '--version', '-'])('treats the pattern %j as a regex, not a flag', async (pattern) => {
    const result = await grep({ pattern });
    expect(result.isError).toBe(false);
    expect(textOf(result)).not.toMatch(/ripgrep \d/);
    const text = textOf(result);
    if (text !== 'No matches found') {
      for (const line of text.split('\n').filter((row) => row.startsWith('  Line '))) expect(line).toContain(pattern);
    }
  });

  it('keeps include globs inert: flags, `..` and absolute globs never widen the search', async () => {
    for (const include of ['--pre=sh', '../**', '../outside/*', '/etc/*', '!*']) {
      const result = await grep({ pattern: NEEDLE, include });
      expect(result.isError).toBe(false);
      expect(textOf(result)).not.toContain('secret');
    }
  });

  it('refuses NUL bytes in pattern, path and include as invalid arguments', async () => {
    for (const args of [{ pattern: 'a\0b' }, { pattern: NEEDLE, path: '.\0' }, { pattern: NEEDLE, include: '*\0' }]) {
      const result = await grep(args);
      expect(result.error?.code).toBe('TOOL_INVALID_ARGS');
      expect(result.error?.message).toMatch(/NUL/);
    }
  });
});

describe('grep tool cap and spill', () => {
  beforeAll(async () => {
    await writeFile(path.join(fixture.root, 'many.txt'), Array.from({ length: 300 }, (_, index) => `many ${index + 1} "q"\t`).join('\n'));
  });

  it('retains 250 matches, counts all, and spills every match to a 0600 file it names', async () => {
    const result = await grep({ pattern: 'many \\d+', path: 'many.txt' });
    const text = textOf(result);
    expect(text.split('\n')[0]).toBe('Found 250 of 300 matches');
    const meta = searchMetaFromMeta(result.meta);
    expect(meta).toMatchObject({ shape: 'matches', truncated: true, total: 300 });
    const spillPath = meta!.spillPath!;
    expect(path.dirname(spillPath)).toBe(fixture.spillDir);
    expect(text.split('\n').at(-1)).toContain(`The full list is saved in ${spillPath}`);
    expect((await stat(spillPath)).mode & 0o777).toBe(0o600);
    const expected = ['many.txt:', ...Array.from({ length: 300 }, (_, index) => `  Line ${index + 1}: many ${index + 1} "q"\t`)].join('\n');
    expect(await readFile(spillPath, 'utf8')).toBe(`${expected}\n`);
    // The spill is readable through the read tool.
    const reread = await runTool('read', { path: spillPath, offset: 301 }, fixture.context());
    expect(textOf(reread)).toContain('301:   Line 300: many 300');
  });

  it('shows the first 250 matches by path, the same on every run, though ripgrep searches files in parallel', async () => {
    const folders = ['zeta', 'alpha/inner', 'alpha', 'mid/deep/er', 'alpha-b'];
    const all: string[] = [];
    for (const [index, folder] of folders.entries()) {
      await mkdir(path.join(fixture.root, 'ordered', folder), { recursive: true });
      for (let file = 0; file < 70; file += 1) {
        const name = `ordered/${folder}/f${String((file * 37 + index) % 100).padStart(2, '0')}.txt`;
        await writeFile(path.join(fixture.root, name), 'ordered-needle one\nordered-needle two\n');
        all.push(name);
      }
    }
    const expected = all.sort(comparePaths).flatMap((name) => [`${name}:1`, `${name}:2`]).slice(0, 250);
    for (let run = 0; run < 3; run += 1) {
      const result = await grep({ pattern: 'ordered-needle', path: 'ordered' });
      const meta = searchMetaFromMeta(result.meta);
      if (meta?.shape !== 'matches') throw new Error('not a matches meta');
      expect(meta.files.flatMap((file) => file.matches.map((match) => `${file.path}:${match.lineNumber}`))).toEqual(expected);
      expect(textOf(result).split('\n')[0]).toBe('Found 250 of 700 matches');
    }
  });

  it('still answers when the full result cannot be saved', async () => {
    const result = await grep({ pattern: 'many \\d+', path: 'many.txt' }, { noSpill: true });
    expect(result.isError).toBe(false);
    expect(textOf(result)).toContain('The full result could not be saved');
    expect(searchMetaFromMeta(result.meta)).not.toHaveProperty('spillPath');
  });

  it('keeps the meta within its byte budget while the text keeps every retained match', async () => {
    const result = await grep({ pattern: 'many \\d+', path: 'many.txt' }, { metaMaxBytes: 2000 });
    expect(Buffer.byteLength(JSON.stringify(result.meta))).toBeLessThanOrEqual(2000);
    expect(searchMetaFromMeta(result.meta)).toMatchObject({ truncated: true, total: 300 });
    expect(textOf(result).split('\n').filter((line) => line.startsWith('  Line '))).toHaveLength(250);
  });
});

describe('grep tool timeout and abort', () => {
  // The search would run for many seconds: ending in SEARCH_TIMEOUT with no ripgrep left
  // running is the kill. (How long it takes is bounded by the test's timeout, not asserted.)
  it('kills ripgrep after the timeout → SEARCH_TIMEOUT', async () => {
    const result = await grep({ pattern: SLOW_PATTERN, path: SLOW_FILE }, { grepTimeoutMs: 300 });
    expect(result).toMatchObject({ isError: true, error: { code: 'SEARCH_TIMEOUT' } });
    expect(result.error?.message).toContain('300 ms');
    expect(runningRipgreps()).toBe(0);
  });

  it('kills a running ripgrep when the call is aborted → SEARCH_ABORTED', async () => {
    const controller = new AbortController();
    const pending = grep({ pattern: SLOW_PATTERN, path: SLOW_FILE }, { signal: controller.signal });
    await until(() => runningRipgreps() === 1, 'ripgrep to start');
    controller.abort();
    const result = await pending;
    expect(result).toMatchObject({ isError: true, error: { code: 'SEARCH_ABORTED' } });
    expect(runningRipgreps()).toBe(0);
  });
});

// Each of these would keep ripgrep busy until the 30 s grep timeout, past the test's own
// timeout: the answers below (a refusal, a result) show they never ran to it. How soon they
// answer is not asserted.
describe('grep tool on targets and patterns that would never finish', () => {
  const grepWith = (args: Record<string, unknown>, context = fixture.context()) => runTool('grep', args as never, context);

  it('refuses a FIFO, a socket and /dev/zero as the path, as read does', async () => {
    const fifo = await grepWith({ pattern: NEEDLE, path: 'blocking-pipe' });
    expect(fifo.error).toEqual({
      code: 'FS_NOT_REGULAR_FILE',
      message: 'blocking-pipe is not a regular file or a folder (a FIFO, a socket or a device); grep only searches files and folders.',
    });
    const server = createServer();
    await new Promise<void>((resolve) => server.listen(path.join(fixture.root, 'listening.sock'), resolve));
    try {
      expect((await grepWith({ pattern: NEEDLE, path: 'listening.sock' })).error?.code).toBe('FS_NOT_REGULAR_FILE');
    } finally {
      server.close();
    }
    const anywhere = { ...fixture.context(), workspace: await createWorkspace(fixture.root, { allowOutsideWorkspace: true }) };
    expect((await grepWith({ pattern: NEEDLE, path: '/dev/zero' }, anywhere)).error?.code).toBe('FS_NOT_REGULAR_FILE');
  });

  it('still searches a folder holding a FIFO (ripgrep skips it while walking)', async () => {
    const result = await grepWith({ pattern: NEEDLE, path: '.' });
    expect(result.isError).toBe(false);
  });

  it('answers a{100000} with SEARCH_INVALID_PATTERN at once instead of running to the timeout', async () => {
    const result = await grepWith({ pattern: 'a{100000}', path: SLOW_FILE });
    expect(result.error?.code).toBe('SEARCH_INVALID_PATTERN');
    expect(result.error?.message).toContain('Use a smaller count');
  });
});
