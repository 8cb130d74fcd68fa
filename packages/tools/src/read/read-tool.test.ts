import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { presentResult, runTool } from '../registry';
import { BIG_LINES, buildFixtureWorkspace, FIXTURE, textOf, UNICODE_TEXT, type FixtureWorkspace } from '../test-support/fixture-workspace';
import { mkfifo } from '../test-support/mkfifo';
import { lineCutMarker } from './read-window';

let fixture: FixtureWorkspace;
beforeAll(async () => {
  fixture = await buildFixtureWorkspace();
});
afterAll(() => fixture.cleanup());

const read = (args: Record<string, unknown>, overrides?: Parameters<FixtureWorkspace['context']>[0]) =>
  runTool('read', args as never, fixture.context(overrides));

/** The `N: text` lines and the footer(s) between the envelope's head and tail. */
function body(text: string): string[] {
  const lines = text.split('\n');
  expect(lines[1]).toBe('<type>file</type>');
  expect(lines[2]).toBe('<content>');
  expect(lines.at(-1)).toBe('</content>');
  return lines.slice(3, -1);
}

function footers(text: string): string[] {
  return body(text).filter((line) => /^\((End of file|Empty file|Showing|Output capped)/.test(line));
}

describe('read tool on real files', () => {
  it('reads unicode text with the envelope, numbered lines and exactly one footer', async () => {
    const result = await read({ path: FIXTURE.unicode });
    expect(result.isError).toBe(false);
    const text = textOf(result);
    expect(text.startsWith(`<path>${FIXTURE.unicode}</path>\n`)).toBe(true);
    expect(body(text)).toEqual([
      '1: const greeting = "héllo wörld 👋 needle";',
      '2: export const 日本 = "日本語 needle";',
      '',
      '(End of file - 2 lines total)',
    ]);
    expect(footers(text)).toHaveLength(1);
    expect(result.meta).toEqual({
      path: FIXTURE.unicode,
      offset: 1,
      lines: [
        { number: 1, text: 'const greeting = "héllo wörld 👋 needle";' },
        { number: 2, text: 'export const 日本 = "日本語 needle";' },
      ],
      totalLines: 2,
      lang: 'typescript',
      mtimeMs: expect.any(Number),
      size: Buffer.byteLength(UNICODE_TEXT),
      windowHash: expect.stringMatching(/^[0-9a-f]{64}$/),
    });
    expect(presentResult('read', { path: FIXTURE.unicode }, result)).toMatchObject({ card: 'read', totalLines: 2 });
  });

  it('strips \\r from CRLF lines', async () => {
    const result = await read({ path: FIXTURE.crlf });
    expect(textOf(result)).not.toContain('\r');
    expect(body(textOf(result)).slice(0, 3)).toEqual(['1: first needle', '2: second', '3: third']);
  });

  it('refuses a binary file and invalid UTF-8 as FS_NOT_TEXT', async () => {
    expect((await read({ path: FIXTURE.binary })).error?.code).toBe('FS_NOT_TEXT');
    const latin1 = await read({ path: FIXTURE.latin1 });
    expect(latin1).toMatchObject({ isError: true, error: { code: 'FS_NOT_TEXT' } });
    expect(latin1.error?.message).toMatch(/not a text file/);
  });

  it('cuts a line past 2000 chars with a marker and keeps one of exactly 2000', async () => {
    const exact = await read({ path: FIXTURE.exactLine });
    expect(body(textOf(exact))[0]).toBe(`1: ${'a'.repeat(2000)}`);
    const long = await read({ path: FIXTURE.longLine, limit: 1 });
    expect(body(textOf(long))[0]).toBe(`1: needle${'b'.repeat(1994)}${lineCutMarker(2000)}`);
    expect(footers(textOf(long))).toEqual(['(Showing lines 1-1 of 2. Use offset=2 to continue.)']);
    // The card's meta keeps the cut apart from the text: what was read, and where it was cut.
    expect((long.meta as { lines: unknown[] }).lines[0]).toEqual({ number: 1, text: `needle${'b'.repeat(1994)}`, cutAtChars: 2000 });
    expect((exact.meta as { lines: unknown[] }).lines[0]).toEqual({ number: 1, text: 'a'.repeat(2000) });
  });

  it('caps the window at 50 KiB and says where to continue', async () => {
    const result = await read({ path: FIXTURE.big });
    const meta = result.meta as { lines: { number: number }[]; totalLines: number };
    const last = meta.lines.at(-1)!.number;
    expect(meta.totalLines).toBe(BIG_LINES);
    expect(last).toBeLessThan(BIG_LINES);
    expect(Buffer.byteLength(textOf(result))).toBeLessThan(60 * 1024);
    expect(footers(textOf(result))).toEqual([
      `(Output capped at 50 KiB. Showing lines 1-${last} of ${BIG_LINES}. Use offset=${last + 1} to continue.)`,
    ]);
    const next = await read({ path: FIXTURE.big, offset: last + 1, limit: 5 });
    expect(body(textOf(next))[0]).toBe(`${last + 1}: line ${last + 1} ${'x'.repeat(40)}`);
  });

  it('reads an empty file', async () => {
    const result = await read({ path: FIXTURE.empty });
    expect(body(textOf(result))).toEqual(['(Empty file - 0 lines)']);
    expect(result.meta).toMatchObject({ lines: [], totalLines: 0, offset: 1 });
  });

  it('reads a file whose name has spaces and quotes', async () => {
    const result = await read({ path: FIXTURE.spaced });
    expect(textOf(result)).toContain(`<path>${FIXTURE.spaced}</path>`);
    expect(body(textOf(result))[0]).toBe('1: spaced needle');
  });

  it('clamps limit to 2000 lines', async () => {
    await writeFile(path.join(fixture.root, 'many.txt'), Array.from({ length: 2500 }, (_, index) => `${index + 1}`).join('\n'));
    const result = await read({ path: 'many.txt', limit: 5000 });
    expect((result.meta as { lines: unknown[] }).lines).toHaveLength(2000);
    expect(footers(textOf(result))).toEqual(['(Showing lines 1-2000 of 2500. Use offset=2001 to continue.)']);
  });

  it('refuses an offset past the end, naming the line count', async () => {
    const result = await read({ path: FIXTURE.crlf, offset: 10 });
    expect(result).toMatchObject({ isError: true, error: { code: 'FS_OFFSET_PAST_END' } });
    expect(result.error?.message).toContain('which has 3 lines');
    expect(textOf(result)).toBe(result.error?.message);
    expect(result).not.toHaveProperty('meta');
    expect((await read({ path: FIXTURE.crlf, offset: 3 })).isError).toBe(false);
    expect((await read({ path: FIXTURE.empty, offset: 2 })).error?.code).toBe('FS_OFFSET_PAST_END');
  });

  it('maps a directory, a missing file, a symlink out and a FIFO to clear errors', async () => {
    expect((await read({ path: 'src' })).error?.code).toBe('FS_NOT_REGULAR_FILE');
    expect((await read({ path: 'src/nope.ts' })).error).toEqual({ code: 'FS_NOT_FOUND', message: 'File not found: src/nope.ts' });
    expect((await read({ path: FIXTURE.linkOut })).error?.code).toBe('FS_OUTSIDE_WORKSPACE');
    expect((await read({ path: '../outside/secret.txt' })).error?.code).toBe('FS_OUTSIDE_WORKSPACE');
    await mkfifo(path.join(fixture.root, 'pipe'));
    expect((await read({ path: 'pipe' })).error?.code).toBe('FS_NOT_REGULAR_FILE');
  });

  it('refuses a NUL byte in the path as invalid arguments', async () => {
    const result = await read({ path: `${FIXTURE.crlf}\0` });
    expect(result.error?.code).toBe('TOOL_INVALID_ARGS');
    expect(result.error?.message).toContain('path: must not contain a NUL byte');
  });

  it('reads files in the session spill folder', async () => {
    const writer = (await fixture.context().spill!.create('grep'))!;
    writer.write('spilled line\n');
    await writer.close();
    const result = await read({ path: writer.path });
    expect(body(textOf(result))[0]).toBe('1: spilled line');
    expect((result.meta as { path: string }).path).toBe(writer.path);
  });

  it('cancels when the signal is aborted', async () => {
    const controller = new AbortController();
    controller.abort();
    expect((await read({ path: FIXTURE.crlf }, { signal: controller.signal })).error?.code).toBe('TOOL_ABORTED');
  });
});

describe('read tool on a file of 10 MiB and more', () => {
  it('streams it and counts its lines exactly', async () => {
    const line = `${'y'.repeat(60)} 日本\n`;
    const count = Math.ceil((12 * 1024 * 1024) / Buffer.byteLength(line));
    await writeFile(path.join(fixture.root, 'huge.txt'), line.repeat(count) + 'last line without newline');
    const head = await read({ path: 'huge.txt', limit: 2 });
    expect(head.meta).toMatchObject({ totalLines: count + 1, lines: [{ number: 1 }, { number: 2 }] });
    const tail = await read({ path: 'huge.txt', offset: count });
    expect(body(textOf(tail))).toEqual([
      `${count}: ${line.slice(0, -1)}`,
      `${count + 1}: last line without newline`,
      '',
      `(End of file - ${count + 1} lines total)`,
    ]);
  });
});
