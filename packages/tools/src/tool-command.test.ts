import { execFile } from 'node:child_process';
import { rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildFixtureWorkspace, FIXTURE, NEEDLE, type FixtureWorkspace } from './test-support/fixture-workspace';
import { runToolCommand } from './tool-command';

let fixture: FixtureWorkspace;
beforeAll(async () => {
  fixture = await buildFixtureWorkspace();
});
afterAll(() => fixture.cleanup());

async function command(argv: string[], cwd = fixture.root) {
  let stdout = '';
  let stderr = '';
  const code = await runToolCommand(argv, {
    stdout: { write: (chunk: string) => (stdout += chunk) },
    stderr: { write: (chunk: string) => (stderr += chunk) },
    cwd,
  });
  return { code, stdout, stderr };
}

describe('runToolCommand', () => {
  it('prints the model text of one run', async () => {
    const { code, stdout, stderr } = await command(['tool', 'read', JSON.stringify({ path: FIXTURE.crlf })]);
    expect(code).toBe(0);
    expect(stderr).toBe('');
    expect(stdout).toBe(`<path>${FIXTURE.crlf}</path>\n<type>file</type>\n<content>\n1: first needle\n2: second\n3: third\n\n(End of file - 3 lines total)\n</content>\n`);
  });

  it('prints one JSON object with --json: content, isError, meta, call and view', async () => {
    const { code, stdout } = await command(['grep', JSON.stringify({ pattern: NEEDLE, path: 'src' }), '--json']);
    expect(code).toBe(0);
    expect(stdout.endsWith('\n')).toBe(true);
    const output = JSON.parse(stdout);
    expect(Object.keys(output)).toEqual(['content', 'isError', 'meta', 'call', 'view']);
    expect(output).toMatchObject({
      isError: false,
      meta: { shape: 'matches', total: 2 },
      call: { card: 'generic', title: `Grep ${NEEDLE} in src`, kind: 'search' },
      view: { card: 'search', shape: 'matches', total: 2 },
    });
  });

  it('runs on --workspace (both spellings), resolved against the cwd', async () => {
    const parent = path.dirname(fixture.root);
    const spaced = await command(['glob', '{"pattern":"*.ts"}', '--workspace', 'workspace/src'], parent);
    expect(spaced.stdout).toBe('unicode.ts\n');
    const joined = await command(['glob', '{"pattern":"*.ts"}', `--workspace=${path.join(fixture.root, 'src')}`], '/');
    expect(joined.stdout).toBe('unicode.ts\n');
  });

  it('exits 1 on an error result, the message on stderr', async () => {
    const { code, stdout, stderr } = await command(['read', '{"path":"nope"}']);
    expect(code).toBe(1);
    expect(stdout).toBe('');
    expect(stderr).toBe('File not found: nope\n');
  });

  it('exits 0 when a search finds nothing: no matches is a result, not an error', async () => {
    const { code, stderr } = await command(['grep', '{"pattern":"no-such-needle-anywhere-42"}']);
    expect(code).toBe(0);
    expect(stderr).toBe('');
  });

  it('exits 1 on an error result with --json, the error in the JSON on stdout', async () => {
    const { code, stdout } = await command(['read', '{"path":"missing.txt"}', '--json']);
    expect(code).toBe(1);
    expect(JSON.parse(stdout)).toEqual({
      content: [{ type: 'text', text: 'File not found: missing.txt' }],
      isError: true,
      error: { code: 'FS_NOT_FOUND', message: 'File not found: missing.txt' },
      meta: null,
      call: { card: 'generic', title: 'Read missing.txt', kind: 'read', locations: [{ path: 'missing.txt' }] },
      view: null,
    });
  });

  it('spills capped results into a temp folder the result names', async () => {
    const { stdout } = await command(['glob', '{"pattern":"**"}', '--json']);
    const output = JSON.parse(stdout);
    expect(output.meta.truncated).toBe(false);
    const big = await command(['grep', '{"pattern":"x","path":"big.txt"}', '--json']);
    const meta = JSON.parse(big.stdout).meta;
    expect(meta).toMatchObject({ truncated: true, total: 1500 });
    expect(meta.spillPath.startsWith(path.join(tmpdir(), 'toolcards-spill-'))).toBe(true);
    await rm(path.dirname(meta.spillPath), { recursive: true, force: true });
  });

  it.each<[string, string[], RegExp]>([
    ['no tool name', [], /missing the tool name/],
    ['only the sub-command', ['tool'], /missing the tool name/],
    ['an unknown tool', ['write', '{}'], /unknown tool "write"; the tools are read, grep, glob/],
    ['arguments that are not JSON', ['grep', '{pattern:x}'], /not valid JSON/],
    ['arguments the tool refuses', ['grep', '{"patern":"x"}'], /Invalid arguments for grep: .*pattern/],
    ['a second positional', ['grep', '{"pattern":"x"}', 'extra'], /unexpected argument "extra"/],
    ['an unknown option', ['grep', '{"pattern":"x"}', '--yes'], /unknown option --yes/],
    ['--workspace without a folder', ['grep', '{"pattern":"x"}', '--workspace'], /--workspace needs a folder/],
    ['--workspace= empty', ['grep', '{"pattern":"x"}', '--workspace='], /--workspace needs a folder/],
    ['a missing workspace', ['grep', '{"pattern":"x"}', '--workspace', '/no/such/folder'], /cannot use \/no\/such\/folder as the workspace/],
  ])('exits 2 on %s, with a clear message and the usage', async (_, argv, message) => {
    const { code, stdout, stderr } = await command(argv);
    expect(code).toBe(2);
    expect(stdout).toBe('');
    expect(stderr).toMatch(message);
    expect(stderr).toContain("Usage: toolcards tool <name> '<json args>'");
  });

  it('prints the usage for --help', async () => {
    const { code, stdout } = await command(['tool', '--help']);
    expect(code).toBe(0);
    expect(stdout).toContain('Usage:');
  });
});

describe('tool-command-main.ts as a whole process', () => {
  it('exits 1 on a tool error, so `toolcards tool read … || …` can tell', async () => {
    const here = path.dirname(fileURLToPath(import.meta.url));
    const repo = path.resolve(here, '../../..');
    const failure = await promisify(execFile)(
      path.join(repo, 'node_modules', '.bin', 'tsx'),
      [path.join(here, 'tool-command-main.ts'), 'tool', 'read', '{"path":"nope"}'],
      { cwd: fixture.root },
    ).then(
      () => ({ code: 0, stderr: '' }),
      (error: { code: number; stderr: string }) => ({ code: error.code, stderr: error.stderr }),
    );
    expect(failure).toEqual({ code: 1, stderr: 'File not found: nope\n' });
  }, 30_000);

  it('runs `tool grep … --json` and exits 0', async () => {
    const here = path.dirname(fileURLToPath(import.meta.url));
    const repo = path.resolve(here, '../../..');
    const { stdout } = await promisify(execFile)(
      path.join(repo, 'node_modules', '.bin', 'tsx'),
      [path.join(here, 'tool-command-main.ts'), 'tool', 'grep', JSON.stringify({ pattern: NEEDLE, path: 'src' }), '--json'],
      { cwd: fixture.root },
    );
    expect(JSON.parse(stdout)).toMatchObject({ isError: false, view: { card: 'search', total: 2 } });
  }, 30_000);
});
