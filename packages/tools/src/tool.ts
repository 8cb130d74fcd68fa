import type { z } from 'zod';
import type {
  JsonObject,
  ToolCallView,
  ToolError,
  ToolResultEvent,
  ToolResultView,
} from '@toolcards/protocol';

/**
 * The contract every tool fulfils. The server only ever sees tools through
 * this shape (and the registry functions), never a tool's internals.
 */

/**
 * What a tool returns: the model text (`content`), `isError` with its typed `error`, and the
 * presentation `meta` (JSON the session log persists and presentResult narrows again). It is
 * the logged tool/result's data without its callId: the server logs it as is and hands the
 * logged data back to presentResult unchanged, so the two shapes are one.
 */
export type ToolResult = Omit<ToolResultEvent['data'], 'callId'>;

export interface ToolConfig {
  readMaxLines: number; // 2000
  readMaxLineChars: number; // 2000
  readMaxWindowBytes: number; // 50 KiB
  grepMaxMatches: number; // 250
  grepPreviewBytes: number; // 2000
  grepTimeoutMs: number; // 30 000 (bounds glob's ripgrep run too)
  globMaxResults: number; // 100
  metaMaxBytes: number; // 64 KiB
  /** ripgrep processes (grep and glob calls) running at once in this process; the rest wait their turn. */
  ripgrepMaxRunning: number; // 4
}

/** Resolves tool paths inside the workspace root (see workspace.ts). */
export interface Workspace {
  /** realpath of the root. */
  readonly root: string;
  /**
   * Absolute real path for `path` (relative to root, or absolute), or a
   * FS_OUTSIDE_WORKSPACE / FS_NOT_FOUND (or FS_PERMISSION_DENIED /
   * FS_READ_FAILED) error value. Never throws.
   */
  resolve(path: string): Promise<{ ok: true; absolute: string } | { ok: false; error: ToolError }>;
  /** A path as shown to people and the model: relative to root when inside it. */
  display(absolute: string): string;
  /** True when a real path (symlinks resolved) is one the tools may use: under the root or an extra readable root. */
  contains(realPath: string): boolean;
}

/** Where a capped result's full version is written (per-session folder). */
export interface SpillStore {
  readonly dir: string;
  /** Opens a new spill file exclusively (0600); undefined when that fails (best effort). */
  create(prefix: string): Promise<SpillWriter | undefined>;
}

export interface SpillWriter {
  readonly path: string;
  /** Text, or UTF-8 bytes the writer may keep (the caller hands them over and must not reuse them). */
  write(chunk: string | Uint8Array): void;
  /** Resolves true when everything was written. */
  close(): Promise<boolean>;
}

export interface ToolContext {
  workspace: Workspace;
  spill?: SpillStore;
  signal: AbortSignal;
  config: ToolConfig;
}

export interface ToolDefinition<Args> {
  name: string;
  /** One paragraph for the model. */
  description: string;
  argsSchema: z.ZodType<Args>;
  /** JSON Schema of the args, for the model's tool list (a getter: built when first read). */
  readonly parametersJsonSchema: JsonObject;
  execute(args: Args, context: ToolContext): Promise<ToolResult>;
  /** Pure. */
  presentCall(args: Args): ToolCallView;
  /** Pure: the same (args, result) always gives the same view; undefined → generic card. */
  presentResult(args: Args, result: ToolResult): ToolResultView | undefined;
}
