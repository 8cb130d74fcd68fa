import type { ChatCompletionFunctionTool } from 'openai/resources/chat/completions';
import type { JsonObject } from '@toolcards/protocol';
import type { ModelToolCall, ModelToolOutcome } from './model-driver';

/**
 * The tools as the agent loop sees them: their specs for the model, and the
 * server's tool path to run a call on. The server supplies both, so the loop
 * never imports a tool.
 */

export interface ModelToolSpec {
  name: string;
  description: string;
  /** JSON Schema of the arguments. */
  parameters: JsonObject;
}

// A call and its outcome are the server's own shapes (model-driver.ts), not a second copy.
export type { ModelToolCall, ModelToolOutcome } from './model-driver';

export interface ModelToolbox {
  specs: readonly ModelToolSpec[];
  /**
   * Logs `tool/call` (origin 'model') before returning, runs the tool with the
   * turn's signal, logs `tool/result` and resolves with it; never rejects.
   * `logResultAfter`: the previous call's outcome, so results can be logged in
   * call order while the calls run concurrently (a toolbox that cannot wait
   * logs each result when it is ready).
   */
  runTool(call: ModelToolCall, logResultAfter: Promise<unknown>): Promise<ModelToolOutcome>;
}

export function chatToolsFrom(specs: readonly ModelToolSpec[]): ChatCompletionFunctionTool[] {
  return specs.map((spec) => ({
    type: 'function',
    function: { name: spec.name, description: spec.description, parameters: spec.parameters },
  }));
}
