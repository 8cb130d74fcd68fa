// The real Claude Code and Codex CLIs that the importer tests drive (through local fake model
// servers). They are large (~370 MB each), so they are not dependencies of the product: this
// installs each pinned version once into a cache folder outside the tree, shared by every
// clone on the machine, and tells where its binary is.
//
//   node scripts/agent-clis.mjs            install what is missing, print the binaries
//   import { agentCliPath } from '…/agent-clis.mjs'   a binary's path (installs when missing)
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { homedir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** Pinned versions: the transcript formats our importers are tested against. */
export const AGENT_CLIS = {
  'claude-code': {
    packages: ['@anthropic-ai/claude-code@2.1.332'],
    binary: 'node_modules/@anthropic-ai/claude-code-linux-x64/claude',
  },
  codex: {
    packages: ['@openai/codex@0.169.0'],
    binary: 'node_modules/@openai/codex-linux-x64/vendor/x86_64-unknown-linux-musl/bin/codex',
  },
};

export function agentCliCacheDir() {
  const base = process.env.TOOLCARDS_AGENT_CLI_CACHE ?? join(process.env.XDG_CACHE_HOME ?? join(homedir(), '.cache'), 'toolcards', 'agent-clis');
  return base;
}

/** The folder one agent's pinned install lives in (its name carries the version). */
function installDir(agent) {
  const spec = AGENT_CLIS[agent];
  return join(agentCliCacheDir(), spec.packages.join('+').replace(/[@/]/g, '_'));
}

/** Path of the agent's binary, installing the pinned version first when it is missing. */
export function agentCliPath(agent) {
  const spec = AGENT_CLIS[agent];
  if (spec === undefined) throw new Error(`unknown agent CLI "${agent}" (known: ${Object.keys(AGENT_CLIS).join(', ')})`);
  const dir = installDir(agent);
  const binary = join(dir, spec.binary);
  if (existsSync(binary)) return binary;
  // Install into a fresh folder and rename it into place, so a killed install never
  // leaves a half folder that looks complete.
  const partial = `${dir}.partial-${process.pid}`;
  rmSync(partial, { recursive: true, force: true });
  mkdirSync(partial, { recursive: true });
  writeFileSync(join(partial, 'package.json'), JSON.stringify({ name: 'toolcards-agent-cli', private: true }));
  // --ignore-scripts: the wrapper packages' postinstall only locates the platform binary,
  // which npm already installed as an optional dependency.
  const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
  const result = spawnSync(npm, ['install', '--no-audit', '--no-fund', '--ignore-scripts', '--save-exact', '--loglevel=error', ...spec.packages], {
    cwd: partial,
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  if (result.status !== 0 || !existsSync(join(partial, spec.binary))) {
    rmSync(partial, { recursive: true, force: true });
    throw new Error(`could not install ${spec.packages.join(' ')} (npm exited ${result.status}); the importer tests need it`);
  }
  rmSync(dir, { recursive: true, force: true });
  renameSync(partial, dir);
  return binary;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  for (const agent of Object.keys(AGENT_CLIS)) console.log(`${agent}: ${agentCliPath(agent)}`);
}
