import type { ToolConfig } from './tool';

/** Defaults of the reference system; a deployment may override any of them. */
export const DEFAULT_TOOL_CONFIG: ToolConfig = Object.freeze({
  readMaxLines: 2000,
  readMaxLineChars: 2000,
  readMaxWindowBytes: 50 * 1024,
  grepMaxMatches: 250,
  grepPreviewBytes: 2000,
  grepTimeoutMs: 30_000,
  globMaxResults: 100,
  metaMaxBytes: 64 * 1024,
  ripgrepMaxRunning: 4,
});
