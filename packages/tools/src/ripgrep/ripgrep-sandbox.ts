import { execFile } from 'node:child_process';
import { accessSync, constants } from 'node:fs';
import { constants as osConstants } from 'node:os';
import path from 'node:path';
import { rgPath } from '@vscode/ripgrep';

/**
 * ripgrep opens every file it walks by path, so a folder on the way that is
 * swapped for a symlink after it was listed leads the walk outside, and no
 * check made before or after can see it. Run inside bubblewrap, ripgrep sees
 * only the workspace (read-only, at its own path, so every path it reports
 * is unchanged), the target it was pointed at and its own binary: a link to
 * anywhere else resolves to nothing. ripgrep is statically linked, so it
 * needs no libraries, /proc or /dev in there.
 */

/** What a sandboxed run sees besides the ripgrep binary. */
export interface RipgrepSandbox {
  /** The bwrap binary found at startup. */
  bwrap: string;
  /** The workspace root's real path, bound read-only at the same path. */
  visibleRoot: string;
  /**
   * The searched file or folder, already opened and checked (confined-open.ts),
   * bound by its descriptor at `at` when the root's bind does not show it:
   * a file (at a path of its own, which no swapped folder of the workspace
   * lies on) or a folder outside the root (the session's spill folder).
   */
  descriptor?: { fd: number; at: string };
  /**
   * The `.git` of the repository the workspace lies in, when that is above the root: made
   * there as an empty folder, so ripgrep still applies the workspace's .gitignore files
   * (it applies them only inside a repository). Nothing of the real one is shown.
   */
  repositoryMarker?: string;
  /**
   * ripgrep's working folder in the sandbox, reached by path. A folder on the
   * way swapped for a link can only lead to another folder of the workspace,
   * or to nothing (the run then fails).
   */
  cwd: string;
}

export type SandboxSupport =
  | { kind: 'available'; bwrap: string }
  | { kind: 'unavailable'; reason: string };

/** The descriptor number `descriptor.fd` gets in bwrap (after stdin, stdout and stderr). */
export const TARGET_FD = 3;

/** bwrap's argv around ripgrep's, unchanged. */
export function sandboxArgs(sandbox: RipgrepSandbox, rg: string, args: readonly string[]): string[] {
  const descriptor = sandbox.descriptor === undefined ? [] : ['--ro-bind-fd', String(TARGET_FD), sandbox.descriptor.at];
  return [
    // No network, no other processes, no IPC, no inherited environment; dies with us; no terminal to push input into.
    '--unshare-all',
    '--die-with-parent',
    '--new-session',
    '--clearenv',
    ...descriptor,
    '--ro-bind', sandbox.visibleRoot, sandbox.visibleRoot,
    ...(sandbox.repositoryMarker === undefined ? [] : ['--dir', sandbox.repositoryMarker]),
    '--ro-bind', rg, rg,
    // Sorting by mtime makes ripgrep stat its own executable first. A real /proc would also
    // show our environment and, through the inherited descriptor, a way back to the host.
    '--dir', '/proc/self',
    '--symlink', rg, '/proc/self/exe',
    '--chdir', sandbox.cwd,
    '--',
    rg,
    ...args,
  ];
}

/** bwrap reports a child killed by signal N as exit 128 + N; ripgrep itself only exits 0, 1 or 2. */
export function signalFromSandboxExit(exitCode: number | null): NodeJS.Signals | undefined {
  if (exitCode === null || exitCode <= 128) return undefined;
  const number = exitCode - 128;
  const signals = Object.entries(osConstants.signals) as [NodeJS.Signals, number][];
  return signals.find(([, value]) => value === number)?.[0];
}

/** bwrap's own failures (it could not set the sandbox up) exit 1 with a `bwrap:` line, which is not ripgrep's "no match". */
export function sandboxFailure(exitCode: number | null, stderr: string): string | undefined {
  if (exitCode !== 1 || !stderr.startsWith('bwrap: ')) return undefined;
  return stderr.trim();
}

/** The one start line said when searches run without the sandbox; undefined when it runs or confinement is off. */
export function sandboxWarning(support: SandboxSupport): string | undefined {
  switch (support.kind) {
    case 'available':
      return undefined;
    case 'unavailable':
      return `warning: ${support.reason}; grep and glob check each folder's real path instead, which a folder swapped for a symlink during a search can get past. Install bubblewrap for race-proof workspace confinement (apt install bubblewrap).`;
  }
}

const PROBE_TIMEOUT_MS = 5000;

/**
 * Whether `bwrap` can run ripgrep here: it may be missing, or the machine may
 * refuse it new namespaces (a container without user namespaces).
 */
export function probeSandbox(bwrap: string | undefined, rg: string = rgPath): Promise<SandboxSupport> {
  if (process.platform !== 'linux') return Promise.resolve({ kind: 'unavailable', reason: 'bubblewrap runs on Linux only' });
  if (bwrap === undefined) return Promise.resolve({ kind: 'unavailable', reason: 'bubblewrap (bwrap) is not installed' });
  const args = ['--unshare-all', '--die-with-parent', '--new-session', '--ro-bind', rg, rg, '--', rg, '--version'];
  return new Promise((resolve) => {
    execFile(bwrap, args, { timeout: PROBE_TIMEOUT_MS, windowsHide: true }, (error, stdout, stderr) => {
      if (error === null && stdout.startsWith('ripgrep ')) {
        resolve({ kind: 'available', bwrap });
        return;
      }
      const said = String(stderr).trim().split('\n')[0] || (error?.message ?? 'no output');
      resolve({ kind: 'unavailable', reason: `bubblewrap cannot run ripgrep here (${said})` });
    });
  });
}

/** `bwrap` on PATH, as an absolute path fixed once. */
export function findBwrap(searchPath: string = process.env.PATH ?? ''): string | undefined {
  for (const folder of searchPath.split(path.delimiter)) {
    if (folder === '') continue;
    const candidate = path.join(folder, 'bwrap');
    try {
      accessSync(candidate, constants.X_OK);
      return candidate;
    } catch {
      // not here
    }
  }
  return undefined;
}

let support: Promise<SandboxSupport> | undefined;

/** Probed once per process (the server asks at startup so it can warn), then cached. */
export function ripgrepSandboxSupport(): Promise<SandboxSupport> {
  support ??= probeSandbox(findBwrap());
  return support;
}
