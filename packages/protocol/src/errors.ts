/** Stable codes for tool errors: a model and a person can act on each one. */
export const TOOL_ERROR_CODES = [
  'FS_NOT_FOUND',
  'FS_NOT_TEXT',
  'FS_NOT_REGULAR_FILE',
  'FS_OUTSIDE_WORKSPACE',
  'FS_OFFSET_PAST_END',
  'FS_PERMISSION_DENIED',
  'FS_READ_FAILED',
  'SEARCH_INVALID_PATTERN',
  'SEARCH_TIMEOUT',
  'SEARCH_ABORTED',
  'SEARCH_MEMORY_LIMIT',
  'SEARCH_FAILED',
  'TOOL_INVALID_ARGS',
  'TOOL_UNKNOWN',
  'TOOL_ABORTED',
  'TOOL_FAILED',
] as const;

export type ToolErrorCode = (typeof TOOL_ERROR_CODES)[number];

export interface ToolError {
  code: ToolErrorCode;
  message: string;
}
