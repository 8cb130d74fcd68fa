import type { JsonValue } from '@toolcards/protocol';
import { isJsonObject } from '@toolcards/protocol';

/**
 * The model sends a call's arguments as JSON text, and sometimes that text is
 * broken (cut off, unquoted keys). Such a call still goes through the tool
 * path with the text itself as its args: the tool refuses it with
 * TOOL_INVALID_ARGS without running, the card shows exactly what the model
 * sent, and the model is told what was wrong (`argumentsProblem`) so it can
 * send the call again.
 */

/** What to log and run for the model's arguments text. */
export function toolCallArgs(text: string): JsonValue {
  // Some models send "" for a call without arguments.
  if (text.trim() === '') return {};
  try {
    const parsed: unknown = JSON.parse(text);
    return isJsonObject(parsed) ? (parsed as JsonValue) : text;
  } catch {
    return text;
  }
}

/**
 * For the model: what is wrong with logged args that are the model's raw text,
 * and how to fix it; undefined when they are a JSON object. Pure, so a
 * reopened session tells the model the same.
 */
export function argumentsProblem(toolName: string, args: JsonValue): string | undefined {
  if (typeof args !== 'string') return undefined;
  let problem: string;
  try {
    JSON.parse(args);
    problem = 'are not a JSON object';
  } catch (error) {
    problem = `are not valid JSON (${error instanceof Error ? error.message : String(error)})`;
  }
  return `The arguments you sent for ${toolName} ${problem}. Call ${toolName} again with one JSON object that matches its parameters schema.`;
}
