import { createStore, type StoreApi } from 'zustand/vanilla';
import { assertNever, type ModelInfo, type ServerFrame, type SessionHeader } from '@toolcards/protocol';
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
 * non-reactive timeline builder it is derived from. Frames come in batches (one per
 * animation frame): each batch costs O(batch) work plus one array copy and one `set`.
 */
export class SessionStore {
  readonly state: StoreApi<SessionState> = createStore<SessionState>()(initialState);
  private builder = new TimelineBuilder();
  private readRequests: OpenLocationRequest[] = [];
  private revealSerial = 0;
  private noticeSerial = 0;

  /** Starts showing session `sessionId` from scratch; its history arrives as frames. */
  openSession(sessionId: string): void {
    this.builder = new TimelineBuilder();
    this.readRequests = [];
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

  rowIndexOfCall(callId: string): number | undefined {
    return this.builder.rowIndexOfCall(callId);
  }

  ingest(frames: readonly ServerFrame[]): IngestOutcome {
    const outcome: IngestOutcome = { resync: false, unknownSession: false };
    const { sessionId } = this.state.getState();
    const patch: Partial<SessionState> = {};
    let notices: Notice[] | undefined;
    let targetLines: Map<string, number> | undefined;
    for (const frame of frames) {
      switch (frame.type) {
        case 'hello':
          patch.server = { version: frame.version, workspace: frame.workspace, model: frame.model };
          break;
        case 'subscribed':
          if (frame.sessionId === sessionId) patch.header = frame.header;
          break;
        case 'event': {
          // After a gap nothing else can be placed until the resume fills it.
          if (frame.sessionId !== sessionId || outcome.resync) break;
          const applied = this.builder.append(frame);
          if (applied === 'gap') {
            outcome.resync = true;
            break;
          }
          const { event } = frame;
          if (applied === 'applied' && event.type === 'tool/call' && this.readRequests.length > 0) {
            const index = requestIndexForCall(this.readRequests, { seq: event.seq, ...event.data });
            const request = this.readRequests[index];
            if (request) {
              this.readRequests.splice(index, 1);
              if (request.targetLine !== undefined) {
                targetLines ??= new Map(this.state.getState().targetLines);
                targetLines.set(event.data.callId, request.targetLine);
              }
              this.revealSerial += 1;
              patch.reveal = { callId: event.data.callId, serial: this.revealSerial };
            }
          }
          break;
        }
        case 'caught-up':
          if (frame.sessionId !== sessionId) break;
          // The server has more than it sent us: a hole at the end is a gap too.
          if (frame.lastSeq > this.builder.lastSeq) outcome.resync = true;
          else patch.caughtUp = true;
          break;
        case 'error':
          if (frame.code === 'SLOW_CONSUMER') break; // the link handles it: reconnect and resume
          if (frame.code === 'UNKNOWN_SESSION' && (frame.sessionId === undefined || frame.sessionId === sessionId)) {
            outcome.unknownSession = true;
          }
          notices ??= [...this.state.getState().notices];
          notices.push({ id: (this.noticeSerial += 1), code: frame.code, message: frame.message });
          break;
        default:
          assertNever(frame, 'server frame');
      }
    }
    if (notices) patch.notices = notices.slice(-MAX_NOTICES);
    if (targetLines) patch.targetLines = targetLines;
    this.state.setState({
      ...patch,
      rows: this.builder.rowsSnapshot(),
      lastSeq: this.builder.lastSeq,
      running: this.running(patch.server ?? this.state.getState().server),
    });
    return outcome;
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
    this.state.setState({ server, running: this.running(server) });
  }

  /** A model turn counts only when there is a model: without one no turn/end will come. */
  private running(server: ServerIdentity | null): boolean {
    return this.builder.callsOpen || (this.builder.turnOpen && server !== null && server.model !== null);
  }

  setUnauthorized(): void {
    this.state.setState({ unauthorized: true });
  }

  notice(code: string, message: string): void {
    const notices = [...this.state.getState().notices, { id: (this.noticeSerial += 1), code, message }];
    this.state.setState({ notices: notices.slice(-MAX_NOTICES) });
  }

  dismissNotice(id: number): void {
    this.state.setState({ notices: this.state.getState().notices.filter((notice) => notice.id !== id) });
  }
}
