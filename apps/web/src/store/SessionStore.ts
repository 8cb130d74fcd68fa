import { createStore, type StoreApi } from 'zustand/vanilla';
import { assertNever, type JsonValue, type ModelInfo, type ServerFrame, type SessionHeader, type ToolOrigin } from '@toolcards/protocol';
import { TimelineBuilder } from '../timeline/rowsFromEvents';
import type { TimelineRow } from '../timeline/TimelineRow';
import { requestIndexForCall, type OpenLocationRequest } from './openLocationRequest';

export type ConnectionStatus = 'connecting' | 'connected' | 'reconnecting' | 'offline';

export interface ConnectionState {
  status: ConnectionStatus;
  /** When the next attempt starts (epoch ms), while reconnecting or offline. */
  retryAt?: number;
}

export interface ServerIdentity {
  version: string;
  workspace: string;
  model: ModelInfo | null;
}

/** A server error worth showing: a wire error frame, or a failed request of ours. */
export interface Notice {
  id: number;
  code: string;
  message: string;
}

export interface SessionState {
  connection: ConnectionState;
  /** From the server's hello (or GET /api/info before the socket is up). */
  server: ServerIdentity | null;
  /** The API or the socket refused our token. */
  unauthorized: boolean;
  sessionId: string | null;
  header: SessionHeader | null;
  /** History has been replayed; what arrives now is live. */
  caughtUp: boolean;
  rows: readonly TimelineRow[];
  lastSeq: number;
  /** A call or a model turn is in flight (the Cancel button shows). */
  running: boolean;
  notices: readonly Notice[];
  /** callId → the line a click-through asked for, passed to that call's result card. */
  targetLines: ReadonlyMap<string, number>;
  /** The row to scroll into view; `serial` changes on every request. */
  reveal: { callId: string; serial: number } | null;
  /** Bumped when the user sends something: the timeline jumps to the end and follows it. */
  followSerial: number;
}

export interface IngestOutcome {
  /** An event was missing: drop the link and resume from `lastSeq`. */
  resync: boolean;
  /** The server does not know the session we subscribed to. */
  unknownSession: boolean;
}

const MAX_NOTICES = 5;

function initialState(): SessionState {
  return {
    connection: { status: 'connecting' },
    server: null,
    unauthorized: false,
    sessionId: null,
    header: null,
    caughtUp: false,
    rows: [],
    lastSeq: -1,
    running: false,
    notices: [],
    targetLines: new Map(),
    reveal: null,
    followSerial: 0,
  };
}

/**
 * The client's state: a zustand store (`state`) that components subscribe to, plus the
 * non-reactive timeline builder it is derived from. Each frame is applied as it arrives
 * (O(1)); the store is updated once per animation frame (`publish`): one array copy and
 * one `set` per frame, however many events came in it.
 */
export class SessionStore {
  readonly state: StoreApi<SessionState> = createStore<SessionState>()(initialState);
  private builder = new TimelineBuilder();
  private readRequests: OpenLocationRequest[] = [];
  private revealSerial = 0;
  private noticeSerial = 0;
  /** Received but not yet published. */
  private pending: Partial<SessionState> = {};
  private changed = false;

  /** Starts showing session `sessionId` from scratch; its history arrives as frames. */
  openSession(sessionId: string): void {
    this.builder = new TimelineBuilder();
    this.readRequests = [];
    // What was received for the previous session is dropped; its server identity and notices are not.
    const { server, notices } = this.pending;
    this.pending = { ...(server ? { server } : {}), ...(notices ? { notices } : {}) };
    this.changed = false;
    this.state.setState({
      sessionId,
      header: null,
      caughtUp: false,
      rows: [],
      lastSeq: -1,
      running: false,
      targetLines: new Map(),
      reveal: null,
    });
  }

  /** The seq to resume from: everything up to it is held. */
  get lastSeq(): number {
    return this.builder.lastSeq;
  }

  /** The open session's history is still arriving (no caught-up yet). */
  get replaying(): boolean {
    return this.state.getState().sessionId !== null && !(this.pending.caughtUp ?? this.state.getState().caughtUp);
  }

  rowIndexOfCall(callId: string): number | undefined {
    return this.builder.rowIndexOfCall(callId);
  }

  /** Applies a run of frames and publishes the result at once (tests, small bursts). */
  ingest(frames: readonly ServerFrame[]): IngestOutcome {
    const outcome: IngestOutcome = { resync: false, unknownSession: false };
    for (const frame of frames) {
      const one = this.receive(frame);
      outcome.resync ||= one.resync;
      outcome.unknownSession ||= one.unknownSession;
    }
    this.publish();
    return outcome;
  }

  /**
   * Applies one frame to the timeline: O(1), no store update. Components see it at the
   * next `publish` (once per animation frame), so every socket message stays a tiny task.
   */
  receive(frame: ServerFrame): IngestOutcome {
    const outcome: IngestOutcome = { resync: false, unknownSession: false };
    const sessionId = this.state.getState().sessionId;
    switch (frame.type) {
      case 'hello':
        this.pending.server = { version: frame.version, workspace: frame.workspace, model: frame.model };
        break;
      case 'subscribed':
        if (frame.sessionId === sessionId) this.pending.header = frame.header;
        break;
      case 'event': {
        if (frame.sessionId !== sessionId) break;
        const applied = this.builder.append(frame);
        this.changed = true;
        // Nothing after a gap can be placed: the link is dropped and resumes from lastSeq.
        if (applied === 'gap') outcome.resync = true;
        if (applied === 'applied' && frame.event.type === 'tool/call' && this.readRequests.length > 0) {
          this.matchReadRequest(frame.event.seq, frame.event.data);
        }
        break;
      }
      case 'caught-up':
        if (frame.sessionId !== sessionId) break;
        // The server has more than it sent us: a hole at the end is a gap too.
        if (frame.lastSeq > this.builder.lastSeq) outcome.resync = true;
        else this.pending.caughtUp = true;
        break;
      case 'error':
        if (frame.code === 'SLOW_CONSUMER') break; // the link handles it: reconnect and resume
        if (frame.code === 'UNKNOWN_SESSION' && (frame.sessionId === undefined || frame.sessionId === sessionId)) {
          outcome.unknownSession = true;
        }
        this.addNotice(frame.code, frame.message);
        break;
      default:
        assertNever(frame, 'server frame');
    }
    return outcome;
  }

  /** One store update with everything received since the last one. */
  publish(): void {
    const patch = this.pending;
    if (!this.changed && Object.keys(patch).length === 0) return;
    this.pending = {};
    this.changed = false;
    this.state.setState({
      ...patch,
      rows: this.builder.rowsSnapshot(),
      lastSeq: this.builder.lastSeq,
      running: this.running(patch.server ?? this.state.getState().server),
    });
  }

  private matchReadRequest(seq: number, call: { callId: string; name: string; args: JsonValue; origin: ToolOrigin }): void {
    const index = requestIndexForCall(this.readRequests, { seq, ...call });
    const request = this.readRequests[index];
    if (!request) return;
    this.readRequests.splice(index, 1);
    if (request.targetLine !== undefined) {
      const targetLines = new Map(this.pending.targetLines ?? this.state.getState().targetLines);
      targetLines.set(call.callId, request.targetLine);
      this.pending.targetLines = targetLines;
    }
    this.revealSerial += 1;
    this.pending.reveal = { callId: call.callId, serial: this.revealSerial };
  }

  private addNotice(code: string, message: string): void {
    const notices = [...(this.pending.notices ?? this.state.getState().notices), { id: (this.noticeSerial += 1), code, message }];
    this.pending.notices = notices.slice(-MAX_NOTICES);
  }

  /** A click-through read was sent: its echo gets the target line and is scrolled to. */
  expectRead(request: OpenLocationRequest): void {
    this.readRequests.push(request);
  }

  /** The user sent something: show the end of the timeline again. */
  requestFollow(): void {
    this.state.setState({ followSerial: this.state.getState().followSerial + 1 });
  }

  setConnection(connection: ConnectionState): void {
    this.state.setState({ connection });
  }

  setServer(server: ServerIdentity): void {
    this.pending.server = server;
    this.publish();
  }

  /** A model turn counts only when there is a model: without one no turn/end will come. */
  private running(server: ServerIdentity | null): boolean {
    return this.builder.callsOpen || (this.builder.turnOpen && server !== null && server.model !== null);
  }

  setUnauthorized(): void {
    this.state.setState({ unauthorized: true });
  }

  notice(code: string, message: string): void {
    this.addNotice(code, message);
    this.publish();
  }

  dismissNotice(id: number): void {
    this.publish();
    this.state.setState({ notices: this.state.getState().notices.filter((notice) => notice.id !== id) });
  }
}
