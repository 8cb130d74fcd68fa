export * from './json';
export * from './views';
export * from './errors';
export * from './events';
export * from './lang';
export * from './editors';
export * from './editor-schema';
export * from './view-schemas';
export * from './zod-issues';
export * from './narrowing';
export * from './search-view';
export * from './subagent-session-id';
// The cards of a coding agent's shell commands, edits and plans: schema, type, narrowing.
export {
  terminalMetaSchema,
  terminalResultViewSchema,
  terminalMetaFromMeta,
  terminalViewFromMeta,
  type TerminalMeta,
  type TerminalResultView,
} from './terminal-view';
export {
  diffFileStatusSchema,
  diffHunkSchema,
  diffFileSchema,
  diffMetaSchema,
  diffResultViewSchema,
  diffLineKind,
  diffMetaFromMeta,
  diffViewFromMeta,
  type DiffLineKind,
  type DiffFileStatus,
  type DiffHunk,
  type DiffFile,
  type DiffMeta,
  type DiffResultView,
} from './diff-view';
export {
  planItemStatusSchema,
  planItemSchema,
  planMetaSchema,
  planResultViewSchema,
  planMetaFromMeta,
  planViewFromMeta,
  type PlanItemStatus,
  type PlanItem,
  type PlanMeta,
  type PlanResultView,
} from './plan-view';
export * from './wire';
export * from './http-api';
export * from './file-views-api';
export * from './session-search-api';
export * from './session-source';
export * from './text-query';
export * from './files-seen-api';
export * from './pins-api';
export * from './export-file';
export * from './export-preview-api';
export * from './coverage-meta';
