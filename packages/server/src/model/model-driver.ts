import type { JsonValue, ModelInfo, NewSessionEvent, SessionEvent } from '@toolcards/protocol';
import type { ToolResult } from '@toolcards/tools';

/**
 * The seam between the server and a model. The server owns the session log,
 * delivery and tool execution; a driver only turns one user message into a
 * turn: it streams assistant text and asks for tools through `session`.
 *
 * Contract:
 * - The user message is already logged when `runTurn` is called;
 *   `session.events()` includes it (build the conversation from it).
 * - Stream text with `session.append({ type: 'assistant/text', data: { messageId, delta } })`
 *   (one messageId per assistant message, many deltas).
 * - Run tools only with `session.runTool`: it logs tool/call, runs the tool on
 *   the workspace with origin 'model' (same path as user-run tools, so the same
 *   cards and cancel), logs tool/result and resolves with the result; it never
 *   rejects. Pass the model's tool call id as `callId` to keep ids aligned.
 * - Honour `signal` (the user cancelled): stop and resolve or reject soon.
 *   Tools run through `session.runTool` are aborted with it automatically.
 * - `turn/end` is optional: if the driver does not append one, the server
 *   appends `done` when runTurn resolves, `cancelled` when the signal fired,
 *   or `error` (with the rejection's message) when it rejects. Append it
 *   yourself for `step-limit` or a more precise error message.
 * - Turns of one session run one at a time, in the order the messages came.
 */
export interface ModelDriver {
  /** Shown to clients (hello frame, /api/info). */
  readonly info: ModelInfo;
  runTurn(input: ModelTurnInput): Promise<void>;
}

export interface ModelTurnInput {
  session: ModelSession;
  /** The user's message (also the last user/message in `session.events()`). */
  text: string;
  signal: AbortSignal;
}

/** What a driver may append itself; tool events go through runTool so calls and results always pair up. */
export type ModelEvent = Extract<NewSessionEvent, { type: 'assistant/text' | 'turn/end' }>;

export interface ModelToolCall {
  name: string;
  args: JsonValue;
  /** The model's id for the call; generated when absent. */
  callId?: string;
}

export interface ModelToolOutcome {
  callId: string;
  result: ToolResult;
}

/** The session as a driver sees it during one turn. */
export interface ModelSession {
  readonly id: string;
  /** The folder tools run on. */
  readonly workspaceRoot: string;
  /** Every event so far, in order. */
  events(): Promise<SessionEvent[]>;
  /** Logs and broadcasts; returns the event with its seq. Throws only for data the log refuses. */
  append(event: ModelEvent): SessionEvent;
  /**
   * `logResultAfter`: log this call's result only after that promise settles
   * (pass the previous call's outcome to keep results in call order while the
   * tools run concurrently).
   */
  runTool(call: ModelToolCall, logResultAfter?: Promise<unknown>): Promise<ModelToolOutcome>;
}

/** Sent (as an error frame) for a user message when no driver is configured; the message is still logged. */
export const MODEL_NOT_CONFIGURED_MESSAGE =
  'No model is configured, so this message was saved but not answered. ' +
  'Set TOOLCARDS_API_KEY (an OpenAI-compatible API key) or DEEPSEEK_API_KEY in the environment ' +
  'and restart toolcards. Tools work without a key: try /read, /grep or /glob.';
