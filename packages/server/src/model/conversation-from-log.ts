import type { ChatCompletionMessageParam, ChatCompletionMessageFunctionToolCall } from 'openai/resources/chat/completions';
import type { ContentBlock, JsonValue, NewSessionEvent, ToolError } from '@toolcards/protocol';
import { assertNever } from '@toolcards/protocol';
import { argumentsProblem } from './tool-call-arguments';

/**
 * The Chat Completions conversation a session log stands for. Pure: the live
 * loop builds every request with it too, so a reopened session continues with
 * exactly the messages the model saw live (system prompt excluded).
 *
 * - `assistant/text` deltas join by `messageId` into one assistant message.
 * - Model tool calls attach to the assistant message of their step; each gets a
 *   `tool` message with the result's model text, in call order (whatever order
 *   the results were logged in). A call with no
 *   logged result (the process died mid-call) gets a short "no result" message,
 *   because the API refuses a tool call without an answer.
 * - User-run tools become a user-role context message (docs/decisions/0004):
 *   the model did not call them, and the message must not claim it did.
 *   One that finishes while a model step is waiting for its results is placed
 *   after that step's tool messages, where the API allows a user message.
 * - Consecutive user-role messages merge into one, which every provider accepts.
 */

/** A logged event or one about to be logged: only `type` and `data` matter here. */
export type ConversationEvent = NewSessionEvent;

interface ModelToolCall {
  callId: string;
  name: string;
  args: JsonValue;
  result?: ToolOutcome;
}

interface ToolOutcome {
  content: ContentBlock[];
  isError: boolean;
  error?: ToolError | undefined;
}

interface OpenAssistantMessage {
  messageId: string | undefined;
  text: string;
  calls: ModelToolCall[];
}

export const MISSING_RESULT_TEXT = 'No result: the call was interrupted before it finished.';

export function conversationFromLog(events: readonly ConversationEvent[]): ChatCompletionMessageParam[] {
  const messages: ChatCompletionMessageParam[] = [];
  const userCalls = new Map<string, { name: string; args: JsonValue }>();
  const pendingContext: string[] = [];
  let open: OpenAssistantMessage | undefined;

  const flushContext = () => {
    if (pendingContext.length === 0) return;
    messages.push({ role: 'user', content: pendingContext.join('\n\n') });
    pendingContext.length = 0;
  };
  const close = () => {
    if (open) messages.push(...assistantMessages(open));
    open = undefined;
    flushContext();
  };

  for (const event of events) {
    switch (event.type) {
      case 'user/message':
        close();
        messages.push({ role: 'user', content: event.data.text });
        break;
      case 'assistant/text': {
        const { messageId, delta } = event.data;
        if (!open || open.messageId !== messageId || open.calls.length > 0) {
          close();
          open = { messageId, text: '', calls: [] };
        }
        open.text += delta;
        break;
      }
      case 'tool/call': {
        const { callId, name, args, origin } = event.data;
        switch (origin) {
          case 'user':
            userCalls.set(callId, { name, args });
            break;
          case 'model':
            // A step's calls are all logged before its first result; a call after a
            // result therefore belongs to the next step.
            if (!open || open.calls.some((call) => call.result !== undefined)) {
              close();
              open = { messageId: undefined, text: '', calls: [] };
            }
            open.calls.push({ callId, name, args });
            break;
          default:
            assertNever(origin, 'tool origin');
        }
        break;
      }
      case 'tool/result': {
        const { callId, content, isError, error } = event.data;
        const modelCall = open?.calls.find((call) => call.callId === callId);
        if (modelCall) {
          modelCall.result = { content, isError, error };
          break;
        }
        const userCall = userCalls.get(callId);
        if (userCall) {
          userCalls.delete(callId);
          // Placed at the next boundary, so it never splits an assistant message or
          // sits between a tool call and its answer.
          pendingContext.push(userToolContext(userCall.name, userCall.args, { content, isError, error }));
        }
        // A result for neither (its call was lost) carries nothing the model can use.
        break;
      }
      case 'turn/end':
        close();
        break;
      default:
        assertNever(event, 'session event');
    }
  }
  close();
  return mergeConsecutiveUserMessages(messages);
}

/** The model text of a tool result, as the model reads it. */
export function toolResultText(outcome: ToolOutcome): string {
  const text = outcome.content.map((block) => block.text).join('\n');
  if (text !== '') return text;
  if (outcome.isError) {
    return outcome.error ? `Error ${outcome.error.code}: ${outcome.error.message}` : 'Error (no details).';
  }
  return '(no output)';
}

/** The JSON text of a call's arguments (a malformed string from the model stays a JSON string). */
export function toolCallArgumentsText(args: JsonValue): string {
  return JSON.stringify(args);
}

function assistantMessages(open: OpenAssistantMessage): ChatCompletionMessageParam[] {
  if (open.calls.length === 0) {
    return open.text === '' ? [] : [{ role: 'assistant', content: open.text }];
  }
  const toolCalls: ChatCompletionMessageFunctionToolCall[] = open.calls.map((call) => ({
    id: call.callId,
    type: 'function',
    function: { name: call.name, arguments: toolCallArgumentsText(call.args) },
  }));
  return [
    { role: 'assistant', content: open.text === '' ? null : open.text, tool_calls: toolCalls },
    ...open.calls.map(
      (call): ChatCompletionMessageParam => ({
        role: 'tool',
        tool_call_id: call.callId,
        content: call.result ? modelToolResultText(call, call.result) : MISSING_RESULT_TEXT,
      }),
    ),
  ];
}

/** A refusal of broken arguments also says what was broken, since the tool only saw text. */
function modelToolResultText(call: ModelToolCall, outcome: ToolOutcome): string {
  const text = toolResultText(outcome);
  const problem = outcome.error?.code === 'TOOL_INVALID_ARGS' ? argumentsProblem(call.name, call.args) : undefined;
  return problem === undefined ? text : `${text}\n${problem}`;
}

function userToolContext(name: string, args: JsonValue, outcome: ToolOutcome): string {
  const status = outcome.isError ? `It failed${outcome.error ? ` (${outcome.error.code})` : ''}.` : 'Its result:';
  return `[The user ran the tool \`${name}\` directly, not you, with arguments ${JSON.stringify(args)}. ${status}]\n${toolResultText(outcome)}`;
}

function mergeConsecutiveUserMessages(messages: ChatCompletionMessageParam[]): ChatCompletionMessageParam[] {
  const merged: ChatCompletionMessageParam[] = [];
  for (const message of messages) {
    const previous = merged[merged.length - 1];
    if (
      previous?.role === 'user' &&
      message.role === 'user' &&
      typeof previous.content === 'string' &&
      typeof message.content === 'string'
    ) {
      merged[merged.length - 1] = { role: 'user', content: `${previous.content}\n\n${message.content}` };
    } else {
      merged.push(message);
    }
  }
  return merged;
}
