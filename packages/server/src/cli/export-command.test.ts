import { copyFileSync, existsSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { spawnCli } from '../test-support/cli-process';
import { FIXTURE_SECRETS, writeExportFixtureSession } from '../test-support/export-session';

const CODEX_TRANSCRIPT = resolve(fileURLToPath(import.meta.url), '../../../../importers/src/codex/fixtures/codex-0.169.0-scenario.jsonl');

describe('toolcards export (the real CLI on a data dir written by the real session log)', () => {
  let root: string;
  let dataDir: string;
  let home: string;
  let session: { id: string; logPath: string };

  beforeAll(async () => {
    root = mkdtempSync(join(tmpdir(), 'toolcards-export-cli-'));
    dataDir = join(root, 'data');
    home = join(root, 'home');
    session = await writeExportFixtureSession(dataDir, home);
  });
  afterAll(() => rmSync(root, { recursive: true, force: true }));

  async function exportCli(args: string[]) {
    const cli = spawnCli(['export', ...args, '--data-dir', dataDir], { HOME: home, TOOLCARDS_HOME: undefined });
    const { code } = await cli.exited;
    return { code, stdout: cli.stdout(), stderr: cli.stderr() };
  }

  it('writes Markdown to stdout, masked, and says on stderr what it masked; the log is unchanged', async () => {
    const before = { bytes: readFileSync(session.logPath), mtimeMs: statSync(session.logPath).mtimeMs };
    const { code, stdout, stderr } = await exportCli([session.id, '--format', 'md']);
    expect(code).toBe(0);
    for (const secret of Object.values(FIXTURE_SECRETS)) expect(stdout).not.toContain(secret);
    expect(stdout).not.toContain(home);
    expect(stdout).toContain('#### `config/.env:1-3`');
    expect(stdout).toContain('AWS_ACCESS_KEY_ID=•••• (aws-access-key-id)');
    expect(stdout).toContain('> Check config/.env and the token in src/a.ts (I am in ~/projects/shop)');
    expect(stderr).toContain('toolcards: masked aws-access-key-id: 2, github-token: 4, basic-auth: 1, dotenv-value: 1, home-path: 1');
    expect(readFileSync(session.logPath).equals(before.bytes)).toBe(true);
    expect(statSync(session.logPath).mtimeMs).toBe(before.mtimeMs);
  }, 60_000);

  it('writes the HTML file with --out (masked), and with --no-mask leaves the text as it is', async () => {
    const out = join(root, 'shared.html');
    const html = await exportCli([session.id, '--out', out, '--from', '0', '--to', '6']);
    expect(html.code).toBe(0);
    expect(html.stderr).toContain(`wrote ${out}`);
    const text = readFileSync(out, 'utf8');
    expect(text).toMatch(/^<!doctype html>/);
    expect(text).not.toContain(FIXTURE_SECRETS.awsKey);
    expect(existsSync(`${out}.partial`)).toBe(false);
    const raw = await exportCli([session.id, '--format', 'md', '--no-mask']);
    expect(raw.code).toBe(0);
    expect(raw.stdout).toContain(FIXTURE_SECRETS.githubToken);
    expect(raw.stderr).toContain('not masked (--no-mask)');
  }, 60_000);

  it('exports a Codex transcript given by its path', async () => {
    const { code, stdout, stderr } = await exportCli([CODEX_TRANSCRIPT, '--format', 'md']);
    expect(stderr).toContain('toolcards: masked');
    expect(code).toBe(0);
    expect(stdout).toContain('- Source: Codex');
    expect(stdout).toContain('```diff\n');
  }, 60_000);

  it('refuses bad input with exit 2 and a coded message, and writes no file', async () => {
    const outside = join(root, `${session.id}.jsonl`);
    copyFileSync(session.logPath, outside);
    const notes = join(root, 'notes.txt');
    writeFileSync(notes, 'not a transcript\n');
    const cases: [string[], string][] = [
      [['20990101-000000-abcdef'], 'UNKNOWN_SESSION'],
      [[session.id, '--from', '9', '--to', '2'], 'BAD_RANGE'],
      [[session.id, '--from', 'x'], 'BAD_RANGE'],
      [[session.id, '--format', 'pdf'], 'UNKNOWN_FORMAT'],
      [[outside], 'PATH_OUTSIDE_DATA_DIR'],
      [[notes], 'NOT_A_TRANSCRIPT'],
    ];
    for (const [args, code] of cases) {
      const result = await exportCli([...args, '--out', join(root, 'never.html')]);
      expect({ args, code: result.code, coded: result.stderr.includes(`[${code}]`) }).toEqual({ args, code: 2, coded: true });
    }
    expect(existsSync(join(root, 'never.html'))).toBe(false);
  }, 120_000);
});
