import type { ToolErrorCode } from '@toolcards/protocol';
import type { ToolResult } from './tool';

/** An error result: the message is the model text too, and no meta rides along. */
export function errorResult(code: ToolErrorCode, message: string): ToolResult {
  return { content: [{ type: 'text', text: message }], isError: true, error: { code, message } };
}

/** A successful result carrying model text and its presentation meta. */
export function textResult(text: string, meta?: ToolResult['meta']): ToolResult {
  return meta === undefined
    ? { content: [{ type: 'text', text }], isError: false }
    : { content: [{ type: 'text', text }], isError: false, meta };
}

/** The errno code of a Node fs error, if any. */
export function errnoCode(error: unknown): string | undefined {
  if (typeof error === 'object' && error !== null && 'code' in error) {
    const code = (error as { code: unknown }).code;
    return typeof code === 'string' ? code : undefined;
  }
  return undefined;
}

export function errorMessage(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
