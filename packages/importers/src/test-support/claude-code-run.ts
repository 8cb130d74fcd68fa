import { spawn } from 'node:child_process';
import { mkdtemp, readdir, readFile, realpath } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { agentCliPath } from '../../../../scripts/agent-clis.mjs';
import { startFakeAnthropicServer, type FakeAnthropicScript, type FakeAnthropicServer } from './fake-anthropic-server';

/**
 * Runs the real Claude Code CLI (`claude -p`) once against the fake Anthropic server, in a temp
 * HOME on the given workspace, and returns the transcript it wrote under
 * $HOME/.claude/projects/<cwd with / as ->/<uuid>.jsonl.
 */

export interface ClaudeCodeRun {
  /** The temp HOME it ran in (remove it when done). */
  home: string;
  transcriptPath: string;
  transcript: string;
  /** Subagent transcripts (<session>/subagents/agent-*.jsonl) by file name. */
  subagents: Map<string, string>;
  stdout: string;
  stderr: string;
  exitCode: number | null;
  server: FakeAnthropicServer;
}

export async function runClaudeCode(options: {
  workspace: string;
  prompt: string;
  turns: FakeAnthropicScript;
  allowedTools: string[];
  env?: Record<string, string>;
}): Promise<ClaudeCodeRun> {
  const server = await startFakeAnthropicServer(options.turns);
  try {
    const home = await mkdtemp(join(tmpdir(), 'tc-claude-home-'));
    const workspace = await realpath(options.workspace);
    const args = ['-p', options.prompt, '--allowedTools', options.allowedTools.join(','), '--permission-mode', 'bypassPermissions'];
    const child = spawn(agentCliPath('claude-code'), args, {
      cwd: workspace,
      stdio: ['ignore', 'pipe', 'pipe'],
      env: {
        PATH: process.env.PATH ?? '/usr/bin:/bin',
        HOME: home,
        ANTHROPIC_BASE_URL: server.url,
        ANTHROPIC_API_KEY: 'sk-ant-fake-key-for-tests',
        CLAUDE_CODE_DISABLE_NONESSENTIAL_TRAFFIC: '1',
        IS_SANDBOX: '1',
        DISABLE_AUTOUPDATER: '1',
        ...options.env,
      },
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString('utf8')));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString('utf8')));
    const timer = setTimeout(() => child.kill('SIGKILL'), 90_000);
    const exitCode = await new Promise<number | null>((resolve) => child.on('close', (code) => resolve(code)));
    clearTimeout(timer);
    const projectDir = join(home, '.claude', 'projects', workspace.replaceAll('/', '-'));
    const names = (await readdir(projectDir).catch(() => [] as string[])).filter((name) => name.endsWith('.jsonl'));
    if (names.length !== 1) {
      throw new Error(`expected one transcript in ${projectDir}, found ${names.length}; exit ${exitCode}\n${stdout}\n${stderr}`);
    }
    const transcriptPath = join(projectDir, names[0]!);
    const subagentDir = join(transcriptPath.slice(0, -'.jsonl'.length), 'subagents');
    const subagents = new Map<string, string>();
    for (const name of (await readdir(subagentDir).catch(() => [] as string[])).filter((file) => file.endsWith('.jsonl'))) {
      subagents.set(name, await readFile(join(subagentDir, name), 'utf8'));
    }
    return { home, transcriptPath, transcript: await readFile(transcriptPath, 'utf8'), subagents, stdout, stderr, exitCode, server };
  } finally {
    await server.close();
  }
}
