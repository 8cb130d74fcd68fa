import type { CallState, ServerFrame, SessionEvent, WireErrorCode } from '@toolcards/protocol';

/** The view an event frame carries (runtime/view-computation.ts computes it). */
type EventView = Extract<ServerFrame, { type: 'event' }>['view'];

/** An `error` frame's content, before it is sent. */
export interface WireError {
  code: WireErrorCode;
  message: string;
  sessionId?: string;
  requestId?: string;
}

/** A frame serialized once, so one live event costs one JSON.stringify however many clients watch. */
export interface OutboundFrame {
  readonly text: string;
  readonly bytes: number;
}

export function outbound(frame: ServerFrame): OutboundFrame {
  const text = JSON.stringify(frame);
  return { text, bytes: Buffer.byteLength(text, 'utf8') };
}

export function eventFrame(sessionId: string, event: SessionEvent, view: EventView): OutboundFrame {
  return outbound(view === undefined ? { type: 'event', sessionId, event } : { type: 'event', sessionId, event, view });
}

export function caughtUpFrame(sessionId: string, lastSeq: number): OutboundFrame {
  return outbound({ type: 'caught-up', sessionId, lastSeq });
}

export function callStateFrame(sessionId: string, callId: string, state: CallState): OutboundFrame {
  return outbound({ type: 'call-state', sessionId, callId, state });
}

export function filesChangedFrame(sessionId: string, paths: string[]): OutboundFrame {
  return outbound({ type: 'files-changed', sessionId, paths });
}

export function errorFrame(error: WireError): OutboundFrame {
  return outbound({ type: 'error', ...error });
}
