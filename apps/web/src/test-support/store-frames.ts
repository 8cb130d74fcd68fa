import type { ServerFrame } from '@toolcards/protocol';
import { serverFrameFromJson } from '../net/server-frame-from-json';
import { ClientState, type IngestOutcome } from '../store/client-state';

/** A store showing session `sessionId`, its (empty) history already caught up. */
export function openCaughtUpStore(sessionId = 's1'): ClientState {
  const store = new ClientState();
  store.openSession(sessionId);
  ingestFrames(store, [{ type: 'caught-up', sessionId, lastSeq: -1 }]);
  return store;
}

/** A call-state frame as it comes off the socket: through the client's frame parser. */
export function callStateFrame(callId: string, state: string, sessionId = 's1'): ServerFrame {
  const frame = serverFrameFromJson(JSON.stringify({ type: 'call-state', sessionId, callId, state }));
  if (!frame) throw new Error(`call-state ${state} was refused`);
  return frame;
}

/** Applies a run of frames and publishes the result at once, as the client does after a burst. */
export function ingestFrames(store: ClientState, frames: readonly ServerFrame[]): IngestOutcome {
  const outcome: IngestOutcome = { resync: false, unknownSession: false };
  for (const frame of frames) {
    const one = store.receive(frame);
    outcome.resync ||= one.resync;
    outcome.unknownSession ||= one.unknownSession;
  }
  store.publish();
  return outcome;
}
