import { realpathSync } from 'node:fs';
import { realpath, stat } from 'node:fs/promises';
import path from 'node:path';
import type { ToolError } from '@toolcards/protocol';
import { errnoCode, errorMessage } from './tool-error';
import type { Workspace } from './tool';

export interface WorkspaceOptions {
  /** Explicit opt-out: tool paths may resolve anywhere on the machine. */
  allowOutsideWorkspace?: boolean;
  /** Folders outside the root that stay readable (the session's spill folder). */
  extraReadableRoots?: string[];
}

type Resolution = { ok: true; absolute: string } | { ok: false; error: ToolError };

/**
 * The folder every tool path resolves inside. Containment is checked on the
 * realpath, so neither `..` nor a symlink can lead out.
 */
export async function createWorkspace(root: string, options: WorkspaceOptions = {}): Promise<Workspace> {
  const realRoot = await realpath(path.resolve(root));
  if (!(await stat(realRoot)).isDirectory()) {
    throw new Error(`workspace root is not a directory: ${realRoot}`);
  }
  const allowOutside = options.allowOutsideWorkspace === true;
  const extraRoots = (options.extraReadableRoots ?? []).map((extra) => new ReadableRoot(path.resolve(extra)));

  async function isReadable(real: string): Promise<boolean> {
    if (allowOutside || isInside(realRoot, real)) return true;
    for (const extra of extraRoots) {
      if (isInside(await extra.real(), real)) return true;
    }
    return false;
  }

  async function resolve(requested: string): Promise<Resolution> {
    if (requested.includes('\0')) {
      return outside(`The path ${JSON.stringify(requested)} contains a NUL byte, which no file name can hold.`);
    }
    const lexical = path.resolve(realRoot, requested);
    try {
      const real = await realpath(lexical);
      if (await isReadable(real)) return { ok: true, absolute: real };
      return outside(
        isInside(realRoot, lexical)
          ? `${requested} leads outside the workspace through a symlink (to ${real}); only files under ${realRoot} can be used.`
          : `${requested} is outside the workspace; only files under ${realRoot} can be used.`,
      );
    } catch (error) {
      return missing(requested, lexical, error);
    }
  }

  async function missing(requested: string, lexical: string, error: unknown): Promise<Resolution> {
    const code = errnoCode(error);
    if (code === 'EACCES' || code === 'EPERM') {
      return { ok: false, error: { code: 'FS_PERMISSION_DENIED', message: `Permission denied: ${requested}` } };
    }
    if (code !== 'ENOENT' && code !== 'ENOTDIR' && code !== 'ELOOP') {
      return { ok: false, error: { code: 'FS_READ_FAILED', message: `Cannot open ${requested}: ${errorMessage(error)}` } };
    }
    // Report "outside" before "not found", so probing for files outside the root learns nothing.
    const candidate = await realpathOfNearestAncestor(lexical);
    if (!(await isReadable(candidate))) {
      return outside(`${requested} is outside the workspace; only files under ${realRoot} can be used.`);
    }
    const reason = code === 'ELOOP' ? ' (a symlink loop)' : '';
    return { ok: false, error: { code: 'FS_NOT_FOUND', message: `File not found: ${requested}${reason}` } };
  }

  function display(absolute: string): string {
    const relative = path.relative(realRoot, absolute);
    if (relative === '') return '.';
    if (relative === '..' || relative.startsWith(`..${path.sep}`) || path.isAbsolute(relative)) {
      return toSlashes(absolute);
    }
    return toSlashes(relative);
  }

  /** Sync, for checks on every file a search reports: the extra roots' real paths are cached. */
  function contains(real: string): boolean {
    if (allowOutside || isInside(realRoot, real)) return true;
    return extraRoots.some((extra) => isInside(extra.realSync(), real));
  }

  return { root: realRoot, resolve, display, contains };
}

function outside(message: string): Resolution {
  return { ok: false, error: { code: 'FS_OUTSIDE_WORKSPACE', message } };
}

/** True when `candidate` is `root` or below it (both already real paths). */
export function isInside(root: string, candidate: string): boolean {
  if (candidate === root) return true;
  const prefix = root.endsWith(path.sep) ? root : root + path.sep;
  return candidate.startsWith(prefix);
}

function toSlashes(value: string): string {
  return path.sep === '/' ? value : value.split(path.sep).join('/');
}

/** The real path a missing file would have: realpath of the deepest existing ancestor plus the rest. */
async function realpathOfNearestAncestor(lexical: string): Promise<string> {
  const rest: string[] = [];
  let current = lexical;
  for (;;) {
    const parent = path.dirname(current);
    rest.unshift(path.basename(current));
    if (parent === current) return lexical;
    current = parent;
    try {
      return path.join(await realpath(current), ...rest);
    } catch {
      // keep climbing
    }
  }
}

/** An extra root that may not exist yet (the spill folder is created lazily). */
class ReadableRoot {
  private resolved: string | undefined;
  constructor(private readonly lexical: string) {}
  async real(): Promise<string> {
    if (this.resolved !== undefined) return this.resolved;
    try {
      this.resolved = await realpath(this.lexical);
      return this.resolved;
    } catch {
      return this.lexical;
    }
  }
  realSync(): string {
    if (this.resolved !== undefined) return this.resolved;
    try {
      this.resolved = realpathSync.native(this.lexical);
      return this.resolved;
    } catch {
      return this.lexical;
    }
  }
}
