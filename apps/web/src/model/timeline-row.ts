import type { ContentBlock, JsonValue, SessionEvent, ToolOrigin, TurnEndReason } from '@toolcards/protocol';

/** One delivered event with the view the server computed for it (tool/call and tool/result only). */
export interface EventDelivery {
  event: SessionEvent;
  view?: unknown;
  /** A lean history item: the result's model-facing `content` was left out (the view has what the card shows). */
  contentOmitted?: true;
}

interface RowBase {
  /** Stable across updates of the same row: the seq of the event that created it. */
  key: string;
  seq: number;
  time: string;
}

export interface UserMessageRow extends RowBase {
  kind: 'user-message';
  text: string;
}

export interface AssistantMessageRow extends RowBase {
  kind: 'assistant-message';
  messageId: string;
  /** Every delta of the message so far, in order. */
  text: string;
}

export interface ToolCallRecord {
  name: string;
  args: JsonValue;
  origin: ToolOrigin;
  /** The server's call view, unvalidated: the cards narrow it. */
  view: unknown;
}

export interface ToolResultRecord {
  seq: number;
  content: ContentBlock[];
  isError: boolean;
  error?: { code: string; message: string };
  /** The server's result view, unvalidated: the cards narrow it. */
  view: unknown;
  /** Came lean from history: `content` is empty and must be fetched if needed. */
  contentOmitted?: true;
}

export interface ToolRow extends RowBase {
  kind: 'tool';
  callId: string;
  /** Absent only when a result arrived for a call the log never announced. */
  call?: ToolCallRecord;
  result?: ToolResultRecord;
  /** The turn ended before a result came: the call will not finish. */
  cancelled: boolean;
}

export interface TurnEndRow extends RowBase {
  kind: 'turn-end';
  reason: TurnEndReason;
  error?: string;
}

export type TimelineRow = UserMessageRow | AssistantMessageRow | ToolRow | TurnEndRow;
