import { chmod, mkdir, mkdtemp, realpath, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runRipgrep } from './rg-runner';
import {
  findBwrap,
  probeSandbox,
  ripgrepSandboxSupport,
  sandboxFailure,
  sandboxWarning,
  signalFromSandboxExit,
  type RipgrepSandbox,
} from './ripgrep-sandbox';

let base: string;
let root: string;
let outside: string;
beforeAll(async () => {
  base = await realpath(await mkdtemp(path.join(tmpdir(), 'toolcards-sandbox-')));
  root = path.join(base, 'workspace');
  outside = path.join(base, 'outside');
  await mkdir(root);
  await mkdir(outside);
  await writeFile(path.join(root, 'inside.txt'), 'inside needle\n');
  await writeFile(path.join(outside, 'secret.txt'), 'secret needle\n');
  await symlink(outside, path.join(root, 'link-out'));
});
afterAll(() => rm(base, { recursive: true, force: true }));

/** ripgrep's records and exit in a sandbox showing `root`, run from it. */
async function inSandbox(args: string[]): Promise<{ records: string[]; outcome: Awaited<ReturnType<typeof runRipgrep>> }> {
  const support = await ripgrepSandboxSupport();
  if (support.kind !== 'available') throw new Error(`the sandbox does not run here: ${support.reason}`);
  const sandbox: RipgrepSandbox = { bwrap: support.bwrap, visibleRoot: root, cwd: root };
  const records: string[] = [];
  const outcome = await runRipgrep({
    args,
    cwd: root,
    signal: new AbortController().signal,
    timeoutMs: 10_000,
    separator: 0x0a,
    onRecord: (buffer, start, end) => records.push(buffer.toString('utf8', start, end)),
    sandbox,
  });
  return { records, outcome };
}

describe.runIf(process.platform === 'linux')('ripgrep in its sandbox', () => {
  it('runs here (bubblewrap is installed and may create namespaces)', async () => {
    expect(await ripgrepSandboxSupport()).toMatchObject({ kind: 'available' });
  });

  it('searches the workspace and reports the same relative paths', async () => {
    const { records, outcome } = await inSandbox(['--no-config', '--regexp=needle', '--', '.']);
    expect(outcome).toEqual({ kind: 'exited', exitCode: 0, stderr: '' });
    expect(records).toEqual(['./inside.txt:inside needle']);
  });

  it('finds nothing outside the workspace, even by absolute path or through a followed link', async () => {
    const byPath = await inSandbox(['--no-config', '--regexp=needle', '--', path.join(outside, 'secret.txt')]);
    expect(byPath.records).toEqual([]);
    expect(byPath.outcome).toMatchObject({ kind: 'exited', exitCode: 2 });
    expect(byPath.outcome.kind === 'exited' && byPath.outcome.stderr).toMatch(/No such file or directory/);
    const followed = await inSandbox(['--no-config', '--follow', '--regexp=needle', '--', '.']);
    expect(followed.records).toEqual(['./inside.txt:inside needle']);
  });

  it('says when bubblewrap itself could not set the sandbox up, which is not "no match"', async () => {
    const support = await ripgrepSandboxSupport();
    if (support.kind !== 'available') throw new Error(support.reason);
    const outcome = await runRipgrep({
      args: ['--no-config', '--regexp=needle', '--', '.'],
      cwd: root,
      signal: new AbortController().signal,
      timeoutMs: 10_000,
      separator: 0x0a,
      onRecord: () => undefined,
      sandbox: { bwrap: support.bwrap, visibleRoot: root, cwd: path.join(root, 'gone') },
    });
    expect(outcome).toMatchObject({ kind: 'failed', message: expect.stringMatching(/^ripgrep's sandbox could not start: bwrap: Can't chdir/) });
  });
});

describe('probeSandbox', () => {
  it('reports bubblewrap missing, or unable to run, with the reason', async () => {
    expect(await probeSandbox(undefined)).toEqual({ kind: 'unavailable', reason: 'bubblewrap (bwrap) is not installed' });
    const broken = await probeSandbox(path.join(base, 'no-such-bwrap'));
    expect(broken.kind).toBe('unavailable');
    const refusing = path.join(base, 'refusing-bwrap');
    await writeFile(refusing, '#!/bin/sh\necho "bwrap: No permissions to creating new namespace" >&2\nexit 1\n');
    await chmod(refusing, 0o755);
    expect(await probeSandbox(refusing)).toEqual({
      kind: 'unavailable',
      reason: 'bubblewrap cannot run ripgrep here (bwrap: No permissions to creating new namespace)',
    });
  });

  it('finds bwrap on PATH as an absolute path, or nothing', async () => {
    const bin = path.join(base, 'bin');
    await mkdir(bin);
    expect(findBwrap(bin)).toBeUndefined();
    await writeFile(path.join(bin, 'bwrap'), '#!/bin/sh\n');
    await chmod(path.join(bin, 'bwrap'), 0o755);
    expect(findBwrap(['', path.join(base, 'nowhere'), bin].join(path.delimiter))).toBe(path.join(bin, 'bwrap'));
  });
});

describe('what a sandboxed run means', () => {
  it('reads bwrap exit 128 + N as ripgrep killed by signal N', () => {
    expect(signalFromSandboxExit(134)).toBe('SIGABRT');
    expect(signalFromSandboxExit(137)).toBe('SIGKILL');
    expect(signalFromSandboxExit(0)).toBeUndefined();
    expect(signalFromSandboxExit(2)).toBeUndefined();
    expect(signalFromSandboxExit(null)).toBeUndefined();
  });

  it('tells bubblewrap failing from ripgrep finding nothing', () => {
    expect(sandboxFailure(1, "bwrap: Can't chdir to /w/x: No such file or directory\n")).toBe("bwrap: Can't chdir to /w/x: No such file or directory");
    expect(sandboxFailure(1, '')).toBeUndefined();
    expect(sandboxFailure(2, 'bwrap: something')).toBeUndefined();
  });

  it('warns in one line when searches run without the sandbox, and says how to get it', () => {
    expect(sandboxWarning({ kind: 'available', bwrap: '/usr/bin/bwrap' })).toBeUndefined();
    const warning = sandboxWarning({ kind: 'unavailable', reason: 'bubblewrap (bwrap) is not installed' });
    expect(warning).toMatch(/^warning: bubblewrap \(bwrap\) is not installed; /);
    expect(warning).toMatch(/install bubblewrap for race-proof workspace confinement \(apt install bubblewrap\)\.$/i);
    expect(warning).not.toContain('\n');
  });
});
