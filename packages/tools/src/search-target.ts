import { existsSync, realpathSync } from 'node:fs';
import path from 'node:path';
import type { ToolError } from '@toolcards/protocol';
import { openConfined } from './confined-open';
import { ripgrepSandboxSupport, type RipgrepSandbox } from './ripgrep/ripgrep-sandbox';
import type { Workspace } from './tool';
import { isInside } from './workspace';

/** Where a searched file is bound in the sandbox: a folder no workspace path leads through. */
const SANDBOX_FILE_FOLDER = '/.toolcards-searched';

/**
 * What ripgrep is pointed at, and how its output paths are shown and
 * checked. The target is opened first and checked on its descriptor (see
 * confined-open.ts). A folder becomes ripgrep's cwd and is searched as `.`.
 * Folders met during the walk can still be swapped for a symlink while
 * ripgrep reads them, after any check: where bubblewrap runs, `sandbox` makes
 * ripgrep walk where nothing outside the workspace exists
 * (ripgrep/ripgrep-sandbox.ts). Without it, ripgrep reaches the target itself
 * through /proc/PID/fd/N, and `reports` checks each reported file's folder
 * before its results are used (one realpath per folder per call), which
 * narrows the race but cannot close it; the server warns at startup.
 * `reports` checks in the sandbox too.
 */
export interface SearchTarget {
  cwd: string;
  rgPath: string;
  /** Where ripgrep runs confined; undefined when bubblewrap cannot run here or the workspace allows reading anywhere. */
  sandbox: RipgrepSandbox | undefined;
  showPath(rgOutputPath: string): string;
  /** True when a path ripgrep reported (its raw bytes) really lies where the tools may look. */
  reports(rgOutputPath: Buffer): boolean;
  /** Call once ripgrep has exited. */
  close(): Promise<void>;
}

export type SearchTargetOpen = { ok: true; target: SearchTarget } | { ok: false; error: ToolError };

export async function openSearchTarget(workspace: Workspace, absolute: string, tool: 'grep' | 'glob'): Promise<SearchTargetOpen> {
  const shown = workspace.display(absolute);
  const confined = await openConfined(workspace, absolute, shown);
  if (!confined.ok) return confined;
  const { handle, stats, stablePath, real } = confined.opened;
  const close = () => handle.close().catch(() => undefined);
  const bwrap = await sandboxFor(workspace);
  const sandboxed = (cwd: string, at?: string): RipgrepSandbox | undefined =>
    bwrap === undefined
      ? undefined
      : {
          bwrap,
          visibleRoot: workspace.root,
          cwd,
          ...(at === undefined ? {} : { descriptor: { fd: handle.fd, at } }),
          ...repositoryAbove(workspace.root),
        };
  if (stats.isFile()) {
    // In the sandbox the checked descriptor is the file; this process's /proc/PID/fd is not in there.
    const sandbox = sandboxed(workspace.root, path.posix.join(SANDBOX_FILE_FOLDER, path.basename(real)));
    const rgPath = sandbox?.descriptor?.at ?? stablePath ?? real;
    return { ok: true, target: { cwd: workspace.root, rgPath, sandbox, showPath: () => shown, reports: () => true, close } };
  }
  if (!stats.isDirectory()) {
    await close();
    // ripgrep would read a FIFO or a device it is given by name until the timeout.
    return {
      ok: false,
      error: { code: 'FS_NOT_REGULAR_FILE', message: `${shown} is not a regular file or a folder (a FIFO, a socket or a device); ${tool} only searches files and folders.` },
    };
  }
  const base = stablePath ?? real;
  const prefix = shown === '.' ? '' : `${shown}/`;
  const folders = new Map<string, boolean>([['.', true]]);
  return {
    ok: true,
    target: {
      cwd: base,
      rgPath: '.',
      // By its real path, not a fixed one: ripgrep reads the .gitignore files of the folders above it.
      sandbox: sandboxed(real, isInside(workspace.root, real) ? undefined : real),
      showPath(rgOutputPath) {
        const slashed = path.sep === '\\' ? rgOutputPath.replaceAll('\\', '/') : rgOutputPath;
        return prefix + (slashed.startsWith('./') ? slashed.slice(2) : slashed);
      },
      reports(rgOutputPath) {
        const slash = rgOutputPath.lastIndexOf(0x2f);
        if (slash <= 0) return true;
        const folder = rgOutputPath.toString('latin1', 0, slash);
        let allowed = folders.get(folder);
        if (allowed === undefined) {
          allowed = folderInside(workspace, Buffer.concat([Buffer.from(`${base}/`), rgOutputPath.subarray(0, slash)]));
          folders.set(folder, allowed);
        }
        return allowed;
      },
      close,
    },
  };
}

/** The bwrap to confine ripgrep with; none when the workspace lets tools read anywhere (nothing to confine to). */
async function sandboxFor(workspace: Workspace): Promise<string | undefined> {
  if (workspace.contains('/')) return undefined;
  const support = await ripgrepSandboxSupport();
  return support.kind === 'available' ? support.bwrap : undefined;
}

const repositories = new Map<string, { repositoryMarker?: string }>();

/** The `.git` of a repository above the root, which the sandbox does not show (looked up once per root). */
function repositoryAbove(root: string): { repositoryMarker?: string } {
  let found = repositories.get(root);
  if (found === undefined) {
    found = {};
    for (let folder = path.dirname(root); ; folder = path.dirname(folder)) {
      const marker = path.join(folder, '.git');
      if (existsSync(marker)) {
        found = { repositoryMarker: marker };
        break;
      }
      if (path.dirname(folder) === folder) break;
    }
    repositories.set(root, found);
  }
  return found;
}

function folderInside(workspace: Workspace, folder: Buffer): boolean {
  try {
    return workspace.contains(realpathSync.native(folder));
  } catch {
    // Gone or unreadable by now: nothing from it is shown.
    return false;
  }
}
