import OpenAI from 'openai';
import { toolSpecs } from '@toolcards/tools';
import type { ModelDriver, ModelToolCall, ModelTurnInput } from './model-driver';
import { runAgentTurn } from './agent-loop';
import { modelInfoOf, type ModelConfig } from './model-config';
import type { ModelToolSpec } from './model-tools';
import type { RetryPolicy } from './retry-policy';
import { systemPrompt } from './system-prompt';

/**
 * The server's ModelDriver for any OpenAI-compatible Chat Completions API,
 * through the official `openai` client. It adapts the agent loop to the
 * session handle: text and turn/end through `session.append`, tools through
 * `session.runTool` (the same logged path as user-run tools, origin 'model').
 */
export interface OpenAiModelDriverOptions {
  config: ModelConfig;
  /** Default: every tool of @toolcards/tools. */
  tools?: readonly ModelToolSpec[];
  /** Where retry notices go (never the key). Default: nowhere. */
  report?: (message: string) => void;
  retry?: RetryPolicy;
  textIntervalMs?: number;
  /** Waiting for the API's response headers, per try. */
  requestTimeoutMs?: number;
}

export function createOpenAiModelDriver(options: OpenAiModelDriverOptions): ModelDriver {
  const { config } = options;
  const info = modelInfoOf(config);
  if (info === null) throw new Error('unreachable: a ModelConfig always has model info');
  // Held only in this closure: the client object carries the key in clear.
  const client = new OpenAI({
    apiKey: config.apiKey.reveal(),
    baseURL: config.baseUrl,
    // Retries are the loop's (retry-policy.ts), so each is decided, cancellable and tested there.
    maxRetries: 0,
    timeout: options.requestTimeoutMs ?? 120_000,
  });
  const specs = options.tools ?? toolSpecs();
  const toolNames = specs.map((spec) => spec.name);

  return {
    info,
    async runTurn({ session, signal }: ModelTurnInput): Promise<void> {
      await runAgentTurn({
        client,
        model: config.model,
        systemPrompt: systemPrompt({ workspace: session.workspaceRoot, toolNames }),
        tools: {
          specs,
          runTool: (call, logResultAfter) => {
            // `logResultAfter` keeps results in call order once the server's tool
            // path honours it (see docs/decisions/0004); until then a result is
            // logged when its tool finishes. Passed along, not spread into a literal,
            // because ModelToolCall does not declare it yet.
            const request: ModelToolCall & { logResultAfter: Promise<unknown> } = { ...call, logResultAfter };
            return session.runTool(request);
          },
        },
        conversation: () => session.events(),
        emit: (event) => session.append(event),
        signal,
        maxSteps: config.maxSteps,
        baseUrl: config.baseUrl,
        keyVariable: config.apiKeySource,
        ...(options.retry === undefined ? {} : { retry: options.retry }),
        ...(options.textIntervalMs === undefined ? {} : { textIntervalMs: options.textIntervalMs }),
        onRetry: ({ failure, attempt, delayMs }) =>
          options.report?.(`model request for session ${session.id} failed (${failure.kind}); try ${attempt} in ${delayMs} ms`),
      });
    },
  };
}
