import type { ToolErrorCode } from '@toolcards/protocol';

/** What each tool error means, in the words a card title uses ("Read a.ts — file not found"). */
const ERROR_PHRASES = {
  FS_NOT_FOUND: 'file not found',
  FS_NOT_TEXT: 'not a text file',
  FS_NOT_REGULAR_FILE: 'not a regular file',
  FS_OUTSIDE_WORKSPACE: 'outside the workspace',
  FS_OFFSET_PAST_END: 'offset past the end of the file',
  FS_PERMISSION_DENIED: 'permission denied',
  FS_READ_FAILED: 'could not be read',
  SEARCH_INVALID_PATTERN: 'invalid pattern',
  SEARCH_TIMEOUT: 'search timed out',
  SEARCH_ABORTED: 'search cancelled',
  SEARCH_MEMORY_LIMIT: 'search ran out of memory',
  SEARCH_FAILED: 'search failed',
  TOOL_INVALID_ARGS: 'invalid arguments',
  TOOL_UNKNOWN: 'unknown tool',
  TOOL_ABORTED: 'cancelled',
  TOOL_FAILED: 'failed',
} as const satisfies Record<ToolErrorCode, string>;

/** The phrase for a code; a code this client does not know (a newer server) is shown as it is. */
export function errorPhrase(code: string): string {
  return Object.hasOwn(ERROR_PHRASES, code) ? ERROR_PHRASES[code as ToolErrorCode] : code;
}

/** "Read a.ts — file not found"; without the call's title, "File not found". */
export function errorTitle(code: string, callTitle: string | undefined): string {
  const phrase = errorPhrase(code);
  return callTitle === undefined ? phrase.charAt(0).toUpperCase() + phrase.slice(1) : `${callTitle} — ${phrase}`;
}
