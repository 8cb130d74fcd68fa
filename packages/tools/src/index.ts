export type {
  SpillStore,
  SpillWriter,
  ToolConfig,
  ToolContext,
  ToolDefinition,
  ToolResult,
  Workspace,
} from './tool';
export { DEFAULT_TOOL_CONFIG } from './tool-config';
export { errorResult } from './tool-error';
export { createWorkspace, type WorkspaceOptions } from './workspace';
export { createSpillStore } from './spill-store';
export { SlotQueue, type SlotWait, type SlotWaitOptions } from './slot-queue';
export { TOOL_NAMES, toolSpecs, runTool, presentCall, presentResult, type PresenterFailure, type PresenterFailureHook } from './registry';
export { runToolCommand, type ToolCommandIo } from './tool-command';
export { parseCommandLine, type CommandLineRefusal } from './command-line';
export { comparePaths } from './grep/path-order';
export { pathAsText, pathFromText } from './path-text';
export { fileLines } from './read/file-lines';
export { readFreshness } from './read/read-freshness';
export { runRipgrep, type RipgrepOutcome } from './ripgrep/rg-runner';
export { ripgrepSandboxSupport, sandboxWarning, type SandboxSupport } from './ripgrep/ripgrep-sandbox';
