import { mkdir, symlink } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { until } from '../../../tools/src/test-support/until';
import { spawnCli, waitForStartUrl, type CliProcess } from '../test-support/cli-process';
import { makeWorkspace, useServers } from '../test-support/server-harness';

const WARNING = /^toolcards: warning: bubblewrap \(bwrap\) is not installed; .*Install bubblewrap for race-proof workspace confinement \(apt install bubblewrap\)\.$/m;

// Starts real processes through tsx: slow on a busy machine.
describe('the start warning when ripgrep cannot run in its sandbox', { timeout: 60_000 }, () => {
  const servers = useServers();
  const running: CliProcess[] = [];
  afterEach(() => {
    for (const cli of running.splice(0)) if (cli.child.exitCode === null) cli.child.kill('SIGKILL');
  });

  /** Starts the CLI with a PATH that holds node and, unless told otherwise, no bwrap; stops it; returns its stderr. */
  async function stderrOfRun(extraArgs: string[], withBwrap: boolean): Promise<string> {
    const root = await servers.tempDir();
    const workspace = await makeWorkspace(join(root, 'workspace'));
    const bin = join(root, 'bin');
    await mkdir(bin);
    await symlink(process.execPath, join(bin, 'node'));
    if (withBwrap) await symlink('/usr/bin/bwrap', join(bin, 'bwrap'));
    const cli = spawnCli([workspace, '--port', '0', '--data-dir', join(root, 'data'), '--no-open', ...extraArgs], { PATH: bin });
    running.push(cli);
    await waitForStartUrl(cli);
    cli.child.kill('SIGTERM');
    // Its last line: everything it said before is in by then.
    await until(() => cli.stderr().includes('toolcards: stopped'), () => `the stop line; stderr: ${cli.stderr()}`);
    return cli.stderr();
  }

  it('says so in one line, with how to fix it, when bwrap is missing', async () => {
    const stderr = await stderrOfRun([], false);
    expect(stderr).toMatch(WARNING);
    expect(stderr.match(/warning/g)).toHaveLength(1);
  });

  it('says nothing when bwrap runs, or when tools may read anywhere', async () => {
    expect(await stderrOfRun([], true)).not.toMatch(/bubblewrap/);
    expect(await stderrOfRun(['--allow-outside-workspace'], false)).not.toMatch(/bubblewrap/);
  });
});
