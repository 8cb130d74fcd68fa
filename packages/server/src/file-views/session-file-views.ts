import path from 'node:path';
import type { FileLinesResponse, HttpErrorCode, ReadFreshnessResponse, ReadMeta } from '@toolcards/protocol';
import type { ToolConfig, Workspace } from '@toolcards/tools';
import type { FileLinesQuery } from './file-lines-query';
import type { ShownFiles } from './shown-files';

/** The tools' read-only views this needs (the real module, or a test's). */
export interface FileViewTools {
  fileLines: typeof import('@toolcards/tools').fileLines;
  readFreshness: typeof import('@toolcards/tools').readFreshness;
}

export type FileViewAnswer<Body> = { ok: true; body: Body } | { ok: false; status: 409 | 422; code: HttpErrorCode; message: string };

/** A look at a file never holds a request longer than this. */
const LOOK_TIMEOUT_MS = 10_000;

/**
 * A session's look at its files as they are now: lines beside a read (growing a card, a
 * match's context) and whether a read went stale. Views, not tool calls: nothing is logged
 * or sent to the model, and every path goes through the read tool's confinement.
 */
export class SessionFileViews {
  constructor(
    private readonly deps: {
      workspace: Workspace;
      config: ToolConfig;
      tools: FileViewTools;
      shownFiles: ShownFiles;
      /** The folder the session's tools ran on: its paths mean nothing on another. */
      sessionCwd: string;
    },
  ) {}

  async lines(query: FileLinesQuery): Promise<FileViewAnswer<FileLinesResponse>> {
    const elsewhere = this.otherWorkspace();
    if (elsewhere) return elsewhere;
    const { workspace, config, tools } = this.deps;
    const outcome = await tools.fileLines(workspace, this.workspacePath(query.path), query, config, AbortSignal.timeout(LOOK_TIMEOUT_MS));
    return outcome.ok ? { ok: true, body: outcome.value } : { ok: false, status: 422, code: 'READ_FAILED', message: outcome.error.message };
  }

  /** How the file compares with the logged read; the file is watched from now on while the session is open. */
  async freshness(callId: string, meta: ReadMeta): Promise<FileViewAnswer<ReadFreshnessResponse>> {
    const elsewhere = this.otherWorkspace();
    if (elsewhere) return elsewhere;
    const { workspace, config, tools, shownFiles } = this.deps;
    const inWorkspace = this.workspacePath(meta.path);
    shownFiles.watch(meta.path, path.resolve(workspace.root, inWorkspace));
    const state = await tools.readFreshness(workspace, { ...meta, path: inWorkspace }, config, AbortSignal.timeout(LOOK_TIMEOUT_MS));
    return { ok: true, body: { callId, path: meta.path, state } };
  }

  close(): void {
    this.deps.shownFiles.close();
  }

  /** Where the session ran, from the workspace's root ('' for the root itself); undefined: outside it. */
  private cwdInWorkspace(): string | undefined {
    const { sessionCwd, workspace } = this.deps;
    if (sessionCwd === workspace.root) return '';
    // Another agent's session (Claude Code, Codex) may have run in a folder inside the workspace.
    const inside = path.relative(workspace.root, sessionCwd);
    return path.isAbsolute(sessionCwd) && inside !== '' && !inside.startsWith('..') && !path.isAbsolute(inside) ? inside : undefined;
  }

  /** A path as the session named it (relative to where it ran), as the workspace names it. */
  private workspacePath(sessionPath: string): string {
    const cwd = this.cwdInWorkspace();
    return cwd === undefined || cwd === '' || path.isAbsolute(sessionPath) ? sessionPath : path.join(cwd, sessionPath);
  }

  private otherWorkspace(): FileViewAnswer<never> | undefined {
    const { sessionCwd, workspace } = this.deps;
    if (this.cwdInWorkspace() !== undefined) return undefined;
    return {
      ok: false,
      status: 409,
      code: 'OTHER_WORKSPACE',
      message: `this session ran on ${sessionCwd}; this server serves ${workspace.root}, so its files are not here to look at`,
    };
  }
}
