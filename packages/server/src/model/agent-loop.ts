import type OpenAI from 'openai';
import type { ChatCompletionMessageParam } from 'openai/resources/chat/completions';
import type { NewSessionEvent, TurnEndReason } from '@toolcards/protocol';
import { AssistantTextBatcher } from './assistant-text-batcher';
import { conversationFromLog, type ConversationEvent } from './conversation-from-log';
import { classifyModelFailure, modelFailureMessage, type ModelFailure } from './model-failure';
import { chatToolsFrom, type ModelToolbox } from './model-tools';
import { DEFAULT_RETRY_POLICY, retryDecision, type RetryPolicy } from './retry-policy';
import { StreamedAnswer, type StreamedToolCall } from './streamed-answer';
import { toolCallArgs } from './tool-call-arguments';

/*
 * One model turn: ask the model (streaming its text into the log), run the
 * tools it calls, hand their results back, and repeat until it answers without
 * calling a tool, the step limit is reached, the person cancels, or the API
 * fails. Ends with exactly one `turn/end`. Everything it knows comes in through
 * `AgentTurn`, so tests drive it against a fake HTTP model and a fake toolbox.
 */

/** What the loop appends itself; tool events are logged by the toolbox. */
export type AgentEvent = Extract<NewSessionEvent, { type: 'assistant/text' | 'turn/end' }>;

export interface AgentTurn {
  client: OpenAI;
  model: string;
  systemPrompt: string;
  tools: ModelToolbox;
  /**
   * The session's events so far, including this turn's `user/message` and
   * everything logged since. Every request is built from it, so a reopened
   * session continues with the very messages the model saw live.
   */
  conversation(): readonly ConversationEvent[] | Promise<readonly ConversationEvent[]>;
  /** Appends one event to the session log. */
  emit(event: AgentEvent): unknown;
  signal: AbortSignal;
  maxSteps: number;
  /** Named in messages so a person knows where to look. */
  baseUrl: string;
  keyVariable: string;
  retry?: RetryPolicy;
  /** Milliseconds between `assistant/text` events while text streams (0: one event per delta). */
  textIntervalMs?: number;
  /** A fresh id, for assistant messages and for tool calls the model sent without a usable id. */
  newId?: (prefix: 'msg' | 'call') => string;
  /** Told about each retry before its wait (the server prints it; the log has no event for it). */
  onRetry?: (retry: { failure: ModelFailure; attempt: number; delayMs: number }) => void;
  random?: () => number;
}

export interface TurnOutcome {
  reason: TurnEndReason;
  error?: string;
}

type StepOutcome =
  | { kind: 'answered'; toolCalls: StreamedToolCall[] }
  | { kind: 'cancelled' }
  | { kind: 'failed'; message: string };

export async function runAgentTurn(turn: AgentTurn): Promise<TurnOutcome> {
  const outcome = await runSteps(turn).catch(
    (error: unknown): TurnOutcome => ({
      reason: 'error',
      error: `The model turn stopped on an internal error: ${error instanceof Error ? error.message : String(error)}`,
    }),
  );
  const ended: TurnOutcome = { reason: outcome.reason, ...(outcome.error === undefined ? {} : { error: redact(outcome.error, turn) }) };
  await turn.emit({ type: 'turn/end', data: ended });
  return ended;
}

async function runSteps(turn: AgentTurn): Promise<TurnOutcome> {
  for (let step = 1; ; step += 1) {
    if (turn.signal.aborted) return { reason: 'cancelled' };
    const messages: ChatCompletionMessageParam[] = [
      { role: 'system', content: turn.systemPrompt },
      ...conversationFromLog(await turn.conversation()),
    ];
    const answer = await askModel(turn, messages);
    switch (answer.kind) {
      case 'cancelled':
        return { reason: 'cancelled' };
      case 'failed':
        return { reason: 'error', error: answer.message };
      case 'answered':
        break;
      default: {
        const unknown: never = answer;
        throw new Error(`unknown step outcome ${JSON.stringify(unknown)}`);
      }
    }
    if (answer.toolCalls.length === 0) return { reason: 'done' };
    await runToolCalls(turn, answer.toolCalls);
    if (turn.signal.aborted) return { reason: 'cancelled' };
    if (step >= turn.maxSteps) {
      return {
        reason: 'step-limit',
        error: `Stopped after ${turn.maxSteps} model steps, the step limit. Send a message to let the model go on.`,
      };
    }
  }
}

/** One model request, retried while nothing of its answer has been shown yet. */
async function askModel(turn: AgentTurn, messages: ChatCompletionMessageParam[]): Promise<StepOutcome> {
  const policy = turn.retry ?? DEFAULT_RETRY_POLICY;
  const newId = turn.newId ?? defaultNewId;
  const messageId = newId('msg');
  for (let retries = 0; ; retries += 1) {
    const text = new AssistantTextBatcher(
      (delta) => turn.emit({ type: 'assistant/text', data: { messageId, delta } }),
      turn.textIntervalMs ?? 30,
    );
    const answer = new StreamedAnswer((delta) => text.add(delta));
    let failure: ModelFailure;
    try {
      const stream = await turn.client.chat.completions.create(
        { model: turn.model, messages, tools: toolsParam(turn), stream: true },
        // Retries are ours (retry-policy.ts): visible, cancellable, tested.
        { signal: turn.signal, maxRetries: 0 },
      );
      for await (const chunk of stream) answer.add(chunk);
      await text.flush();
      // The client ends the iteration quietly when aborted.
      if (turn.signal.aborted) return { kind: 'cancelled' };
      if (answer.finishReason !== undefined) return { kind: 'answered', toolCalls: answer.toolCalls() };
      failure = answer.receivedOutput
        ? { kind: 'stream-dropped', detail: 'the answer ended before the API said it was complete' }
        : { kind: 'network', detail: 'the API closed the stream without an answer' };
    } catch (error) {
      // What arrived before the failure stays in the log.
      await text.flush();
      if (turn.signal.aborted) return { kind: 'cancelled' };
      failure = classifyModelFailure(error, { receivedOutput: answer.receivedOutput, now: Date.now() });
    }
    const decision = retryDecision(failure, retries, policy, turn.random);
    if (!decision.retry || answer.receivedOutput) {
      const message = modelFailureMessage(failure, {
        model: turn.model,
        baseUrl: turn.baseUrl,
        attempts: retries + 1,
        keyVariable: turn.keyVariable,
      });
      return { kind: 'failed', message };
    }
    turn.onRetry?.({ failure, attempt: retries + 2, delayMs: decision.delayMs });
    if (!(await sleepUnlessAborted(decision.delayMs, turn.signal))) return { kind: 'cancelled' };
  }
}

/**
 * Starts every call of the step at once, in call order (their pending cards
 * appear together), lets them run concurrently, and asks the toolbox to log
 * each result only after the one before it, so results stay in call order.
 */
async function runToolCalls(turn: AgentTurn, streamed: StreamedToolCall[]): Promise<void> {
  const newId = turn.newId ?? defaultNewId;
  const taken = new Set<string>();
  for (const event of await turn.conversation()) if (event.type === 'tool/call') taken.add(event.data.callId);

  let previous: Promise<unknown> = Promise.resolve();
  const running: Promise<unknown>[] = [];
  for (const call of streamed) {
    // The log keys cards by callId: a missing or reused id (some local servers
    // restart at call_0 each step) gets a fresh one.
    const callId = call.id && !taken.has(call.id) ? call.id : newId('call');
    taken.add(callId);
    // A synchronous throw means the call could not even be logged (session
    // closed): it ends the turn. A rejection, which the contract rules out,
    // would leave a call without result; the next request answers it for the
    // model (conversationFromLog), so the turn goes on.
    const outcome = turn.tools.runTool({ callId, name: call.name, args: toolCallArgs(call.argumentsText) }, previous).catch(() => undefined);
    running.push(outcome);
    previous = outcome;
  }
  // The results are in the log now; the next request reads them from there.
  await Promise.all(running);
}

function toolsParam(turn: AgentTurn) {
  return turn.tools.specs.length > 0 ? chatToolsFrom(turn.tools.specs) : undefined;
}

function sleepUnlessAborted(ms: number, signal: AbortSignal): Promise<boolean> {
  if (signal.aborted) return Promise.resolve(false);
  return new Promise((resolve) => {
    const done = (slept: boolean) => {
      clearTimeout(timer);
      signal.removeEventListener('abort', onAbort);
      resolve(slept);
    };
    const onAbort = () => done(false);
    const timer = setTimeout(() => done(true), ms);
    signal.addEventListener('abort', onAbort, { once: true });
  });
}

/** The key must never reach the log, even inside an API's own error text. */
function redact(message: string, turn: AgentTurn): string {
  const key = turn.client.apiKey;
  return key && key.length >= 4 ? message.split(key).join('[redacted]') : message;
}

function defaultNewId(prefix: 'msg' | 'call'): string {
  return `${prefix}_${crypto.randomUUID()}`;
}
