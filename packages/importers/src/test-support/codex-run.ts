import { spawn } from 'node:child_process';
import { mkdtemp, readdir, readFile, realpath, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { agentCliPath } from '../../../../scripts/agent-clis.mjs';
import { startFakeResponsesServer, type FakeResponsesScript, type FakeResponsesServer } from './fake-responses-server';

/**
 * Runs the real Codex CLI (`codex exec`) once against the fake Responses server, in a temp
 * CODEX_HOME on the given workspace, and returns the rollout it wrote under
 * $CODEX_HOME/sessions/YYYY/MM/DD/rollout-*.jsonl.
 */

export interface CodexRun {
  rolloutPath: string;
  rollout: string;
  stdout: string;
  stderr: string;
  exitCode: number | null;
  server: FakeResponsesServer;
}

const KEY_VARIABLE = 'TOOLCARDS_FAKE_OPENAI_KEY';

export async function runCodex(options: { workspace: string; prompt: string; turns: FakeResponsesScript }): Promise<CodexRun> {
  const server = await startFakeResponsesServer(options.turns);
  try {
    const codexHome = await mkdtemp(join(tmpdir(), 'tc-codex-home-'));
    const workspace = await realpath(options.workspace);
    await writeFile(
      join(codexHome, 'config.toml'),
      [
        'model = "fake-model"',
        'model_provider = "fake"',
        'approval_policy = "never"',
        'sandbox_mode = "danger-full-access"',
        '',
        '[model_providers.fake]',
        'name = "fake"',
        `base_url = "${server.url}"`,
        'wire_api = "responses"',
        `env_key = "${KEY_VARIABLE}"`,
        'request_max_retries = 0',
        'stream_max_retries = 0',
        '',
      ].join('\n'),
    );
    const codex = agentCliPath('codex');
    // The ripgrep Codex ships (vendor/<target>/codex-path/rg): Codex puts it on the PATH of its
    // login shells itself only once its shell snapshot is ready, so the first command may miss
    // it. A login profile in the temp HOME puts it there for every command, as on a machine with rg.
    const bundledTools = join(dirname(dirname(codex)), 'codex-path');
    await writeFile(join(codexHome, '.bash_profile'), `export PATH="${bundledTools}:$PATH"\n`);
    const child = spawn(codex, ['exec', '--skip-git-repo-check', options.prompt], {
      cwd: workspace,
      stdio: ['ignore', 'pipe', 'pipe'],
      env: {
        PATH: process.env.PATH ?? '/usr/bin:/bin',
        HOME: codexHome,
        CODEX_HOME: codexHome,
        [KEY_VARIABLE]: 'sk-fake-key-for-tests',
      },
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString('utf8')));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString('utf8')));
    const timer = setTimeout(() => child.kill('SIGKILL'), 90_000);
    const exitCode = await new Promise<number | null>((resolve) => child.on('close', (code) => resolve(code)));
    clearTimeout(timer);
    const rollouts = await rolloutFiles(join(codexHome, 'sessions'));
    if (rollouts.length !== 1) {
      throw new Error(`expected one rollout under ${codexHome}/sessions, found ${rollouts.length}; exit ${exitCode}\n${stdout}\n${stderr}`);
    }
    const rolloutPath = rollouts[0]!;
    return { rolloutPath, rollout: await readFile(rolloutPath, 'utf8'), stdout, stderr, exitCode, server };
  } finally {
    await server.close();
  }
}

async function rolloutFiles(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true }).catch(() => []);
  const found: string[] = [];
  for (const entry of entries) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) found.push(...(await rolloutFiles(path)));
    else if (entry.name.startsWith('rollout-') && entry.name.endsWith('.jsonl')) found.push(path);
  }
  return found;
}
