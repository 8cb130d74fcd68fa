import { createStore, type StoreApi } from 'zustand/vanilla';
import { assertNever, type CallState, type Editor, type JsonValue, type ModelInfo, type ServerFrame, type SessionHeader, type ToolOrigin } from '@toolcards/protocol';
import { TimelineBuilder, type AppendOutcome } from '../model/rows-from-events';
import type { EventDelivery, TimelineRow, ToolRow } from '../model/timeline-row';
import { FileChangeListeners } from './file-change-listeners';
import type { ConnectionState } from '../net/session-connection';

export type { ConnectionState, ConnectionStatus } from '../net/session-connection';
import { rowIndexForSeq } from '../model/row-index-for-seq';
import type { LineSpan } from '../model/session-hash';
import { addressStep, unknownSessionMessage, type AddressedCard, type AddressStep } from '../model/addressed-card';
import { requestIndexForCall, sameJson, type OpenLocationRequest } from '../model/open-location-request';

/** A call's state other than running (the default): what a call-state frame leaves standing. */
export type HeldCallState = Exclude<CallState, 'running'>;

export interface ServerIdentity {
  version: string;
  workspace: string;
  model: ModelInfo | null;
  /** Where the cards' "Open in editor" links point. */
  editor: Editor;
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
  /** How much of the session the timeline holds, and what is still loading. */
  history: HistoryState;
  rows: readonly TimelineRow[];
  lastSeq: number;
  /** A call or a model turn is in flight (the Cancel button shows); an unsaved call has ended. */
  running: boolean;
  /** callId → its state while not simply running: queued for a tool slot, or unsaved (transient: never in the log). */
  callStates: ReadonlyMap<string, HeldCallState>;
  notices: readonly Notice[];
  /** callId → the line a click-through asked for, passed to that call's result card. */
  targetLines: ReadonlyMap<string, number>;
  /**
   * The row to scroll into view — a call's (`callId`), or the one holding a seq (`seq`, a
   * linked card that is not a call's); `serial` changes on every request. `flash`: an
   * existing card shown again, briefly marked.
   */
  reveal: { callId?: string; seq?: number; serial: number; flash?: true } | null;
  /** The card the page's address names, while history loads toward it and once shown. */
  addressed: AddressedCard | null;
  /** A find hit in a search card's group: that group opens (`serial` changes on every request). */
  findFocus: { callId: string; file: number; serial: number } | null;
  /** Bumped when the user sends something: the timeline jumps to the end and follows it. */
  followSerial: number;
  /** Bumped when a message went unanswered for want of a model: the composer's no-model note shows again. */
  modelNeededSerial: number;
}

/**
 * A session opens on its last screenful of events (tail first); older pages are loaded
 * behind it. While the opening history arrives only `received`/`expected` change.
 */
export interface HistoryState {
  /** Seq of the first event held (0 when the timeline starts at the session's start). */
  firstSeq: number;
  /** Events before `firstSeq` exist and are not loaded yet. */
  hasOlder: boolean;
  /** An older page was asked for and has not arrived yet. */
  loadingOlder: boolean;
  /** Events of the opening history received so far, and how many it has. */
  received: number;
  expected: number;
}

export interface IngestOutcome {
  /** An event was missing: drop the link and resume from `lastSeq`. */
  resync: boolean;
  /** The server does not know the session we subscribed to. */
  unknownSession: boolean;
}

const MAX_NOTICES = 5;

const EMPTY_HISTORY: HistoryState = { firstSeq: 0, hasOlder: false, loadingOlder: false, received: 0, expected: 0 };

function initialState(): SessionState {
  return {
    connection: { status: 'connecting' },
    server: null,
    unauthorized: false,
    ...sessionScoped(null),
    notices: [],
    followSerial: 0,
    modelNeededSerial: 0,
  };
}

/** What belongs to the session shown: all of it starts over when another one opens. */
function sessionScoped(sessionId: string | null) {
  return {
    sessionId,
    header: null,
    caughtUp: false,
    history: EMPTY_HISTORY,
    rows: [],
    lastSeq: -1,
    running: false,
    callStates: new Map(),
    targetLines: new Map(),
    findFocus: null,
    reveal: null,
    addressed: null,
  } satisfies Partial<SessionState>;
}

/** What a call-state frame leaves standing; `running` is what a call is unless told otherwise. */
function heldCallState(state: CallState): HeldCallState | undefined {
  switch (state) {
    case 'queued':
    case 'unsaved':
      return state;
    case 'running':
      return undefined;
    default:
      return assertNever(state, 'call state');
  }
}

/**
 * The client's state: a zustand store (`state`) that components subscribe to, plus the
 * non-reactive timeline builder it is derived from. Each frame is applied as it arrives
 * (O(1) per event); the store is updated at most once per animation frame (`publish`; the
 * client publishes at most every 100 ms while a burst lasts).
 * While a session's opening history arrives, rows are not published at all — only its
 * progress — so the timeline renders once, at caught-up, with every call matched to its
 * result. Older pages arrive later and are spliced in front, one publish per page.
 */
export class SessionStore {
  readonly state: StoreApi<SessionState> = createStore<SessionState>()(initialState);
  /** Cards watching their file for the server's `files-changed`. */
  readonly fileChanges = new FileChangeListeners();
  private builder = new TimelineBuilder();
  /** Every applied event, in order: an older page rebuilds the rows from them. */
  private held: EventDelivery[] = [];
  /** An older page as it arrives, until its `history-end`. */
  private older: EventDelivery[] = [];
  private history: HistoryState = EMPTY_HISTORY;
  private readRequests: OpenLocationRequest[] = [];
  private revealSerial = 0;
  private addressSerial = 0;
  private noticeSerial = 0;
  /** Received but not yet published. */
  private pending: Partial<SessionState> = {};
  private changed = false;

  /**
   * `onLiveResult` hears of each result as it is applied while live (not while history
   * replays), before any publish: what its card will need can start at ingest — a read's
   * highlighting — rather than in the card's mount a frame or more later.
   */
  constructor(private readonly onLiveResult?: (row: ToolRow) => void) {}

  /** Starts showing session `sessionId` from scratch; its history arrives as frames. */
  openSession(sessionId: string | null): void {
    this.builder = new TimelineBuilder();
    this.held = [];
    this.older = [];
    this.history = EMPTY_HISTORY;
    this.readRequests = [];
    // What was received for the previous session is dropped; its server identity and notices are not.
    const { server, notices } = this.pending;
    this.pending = { ...(server ? { server } : {}), ...(notices ? { notices } : {}) };
    this.changed = false;
    this.state.setState(sessionScoped(sessionId));
  }

  /** A blank session that does not exist yet (its first command creates it): nothing to load. */
  openDraft(): void {
    this.openSession(null);
    this.state.setState({ caughtUp: true, connection: { status: 'ready' } });
  }

  /** The `load-history` to send for the next older page, unless one is in flight or none is left. */
  olderPageRequest(): { beforeSeq: number } | undefined {
    const { hasOlder, loadingOlder, firstSeq } = this.history;
    if (!hasOlder || loadingOlder || this.replaying || this.state.getState().sessionId === null) return undefined;
    return { beforeSeq: firstSeq };
  }

  /** An older page was asked for. */
  noteOlderRequested(): void {
    this.setHistory({ loadingOlder: true });
    this.publish();
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

  /** The row a reveal asks for, in the rows held now. */
  rowIndexOfReveal(reveal: NonNullable<SessionState['reveal']>): number | undefined {
    if (reveal.callId !== undefined) return this.builder.rowIndexOfCall(reveal.callId);
    return reveal.seq === undefined ? undefined : rowIndexForSeq(this.builder.rowsSnapshot(), reveal.seq);
  }

  // ── The card the page's address names (addressed-card.ts) ──

  private addressedNow(): AddressedCard | null {
    return this.pending.addressed !== undefined ? this.pending.addressed : this.state.getState().addressed;
  }

  /** An address naming card `seq` (and maybe lines of it) was opened: it is shown once history holds it. */
  openAddress(seq: number, lines: LineSpan | undefined): void {
    this.addressSerial += 1;
    this.pending.addressed = { seq, ...(lines ? { lines } : {}), serial: this.addressSerial, loading: true };
    this.publish();
  }

  /** The addressed card's seq while history still has to reach it (older pages are sized for it). */
  get addressedSeqToLoad(): number | undefined {
    const addressed = this.addressedNow();
    return addressed?.loading ? addressed.seq : undefined;
  }

  /** What to do next for the addressed card; `wait` when there is none to look for. */
  addressStep(): AddressStep {
    const seq = this.addressedSeqToLoad;
    if (seq === undefined) return { kind: 'wait' };
    const { firstSeq, hasOlder, loadingOlder } = this.history;
    const held = { caughtUp: !this.replaying, firstSeq, lastSeq: this.builder.lastSeq, hasOlder, loadingOlder };
    return addressStep(seq, held, (at) => rowIndexForSeq(this.builder.rowsSnapshot(), at));
  }

  /** The addressed card is in row `rowIndex`: scroll to it and mark it (the flash a click-through uses). */
  showAddressed(rowIndex: number): void {
    const addressed = this.addressedNow();
    const row = this.builder.rowsSnapshot()[rowIndex];
    if (!addressed || !row) return;
    this.pending.addressed = { ...addressed, loading: false };
    this.revealSerial += 1;
    this.pending.reveal = row.kind === 'tool' ? { callId: row.callId, serial: this.revealSerial, flash: true } : { seq: row.seq, serial: this.revealSerial, flash: true };
  }

  /**
   * A find hit in the row holding `seq`: scroll to it (no flash: the match itself is marked), aim a
   * read card at the hit's line, open a search card's group that holds it.
   */
  revealFound(seq: number, focus: { line?: number; file?: number }): void {
    const rows = this.builder.rowsSnapshot();
    const rowIndex = rowIndexForSeq(rows, seq);
    const row = rowIndex === undefined ? undefined : rows[rowIndex];
    if (!row) return;
    const state = this.state.getState();
    this.revealSerial += 1;
    const patch: Partial<SessionState> = {
      reveal: row.kind === 'tool' ? { callId: row.callId, serial: this.revealSerial } : { seq: row.seq, serial: this.revealSerial },
    };
    if (row.kind === 'tool' && focus.line !== undefined && focus.file === undefined) {
      patch.targetLines = new Map(state.targetLines).set(row.callId, focus.line);
    }
    if (row.kind === 'tool' && focus.file !== undefined) patch.findFocus = { callId: row.callId, file: focus.file, serial: this.revealSerial };
    this.state.setState(patch);
  }

  /** The addressed card cannot be shown: say why, in a notice. */
  addressMissing(message: string): void {
    this.pending.addressed = null;
    this.addNotice('LINK', message);
  }

  /** Lines were selected in card `seq` (none: the card itself): the address names them now. */
  selectLines(seq: number, lines: LineSpan | undefined): void {
    this.pending.addressed = { seq, ...(lines ? { lines } : {}), serial: 0, loading: false };
    this.publish();
  }

  /** The address names no card any more. */
  clearAddressed(): void {
    if (this.addressedNow() === null) return;
    this.pending.addressed = null;
    this.publish();
  }

  /**
   * Applies one frame to the timeline: O(1), no store update. Components see it at the
   * next `publish` (a frame later, or up to 100 ms in a burst), so every socket message stays a tiny task.
   */
  receive(frame: ServerFrame): IngestOutcome {
    const outcome: IngestOutcome = { resync: false, unknownSession: false };
    const sessionId = this.state.getState().sessionId;
    switch (frame.type) {
      case 'hello':
        this.pending.server = { version: frame.version, workspace: frame.workspace, model: frame.model, editor: frame.editor };
        break;
      case 'subscribed':
        if (frame.sessionId !== sessionId) break;
        this.pending.header = frame.header;
        // Nothing held yet: the timeline starts where this history does (the tail of a long session).
        if (this.held.length === 0) this.builder = new TimelineBuilder(frame.fromSeq);
        // A new socket: an older page asked on the old one will not come.
        this.older = [];
        this.setHistory({
          ...(this.held.length === 0 ? { firstSeq: frame.fromSeq, hasOlder: frame.fromSeq > 0 } : {}),
          loadingOlder: false,
          received: 0,
          expected: Math.max(0, frame.lastSeq - frame.fromSeq + 1),
        });
        break;
      case 'event':
        if (frame.sessionId !== sessionId) break;
        if (this.apply(frame) === 'gap') outcome.resync = true;
        break;
      case 'history': {
        if (frame.sessionId !== sessionId) break;
        let received = 0;
        for (const item of frame.items) {
          if (item.event.seq < this.builder.firstSeq) {
            this.older.push(item);
            continue;
          }
          received += 1;
          // Nothing after a gap can be placed: the link is dropped and resumes from lastSeq.
          if (this.apply(item) === 'gap') outcome.resync = true;
        }
        if (received > 0) this.setHistory({ received: this.history.received + received });
        break;
      }
      case 'history-end':
        if (frame.sessionId !== sessionId) break;
        // An answer for where the timeline starts now (not a stale one from before a reconnect).
        if (frame.beforeSeq === this.builder.firstSeq) this.prependOlder(frame.fromSeq);
        else this.older = [];
        this.setHistory({ loadingOlder: false });
        break;
      case 'caught-up':
        if (frame.sessionId !== sessionId) break;
        // The server has more than it sent us: a hole at the end is a gap too.
        if (frame.lastSeq > this.builder.lastSeq) outcome.resync = true;
        else this.pending.caughtUp = true;
        // The server sends the calls queued or unsaved now right after this: older call states are stale.
        if (this.callStatesNow().size > 0) this.pending.callStates = new Map();
        break;
      case 'call-state':
        if (frame.sessionId !== sessionId) break;
        this.setCallState(frame.callId, heldCallState(frame.state));
        break;
      case 'files-changed':
        if (frame.sessionId === sessionId) this.fileChanges.notify(frame.paths);
        break;
      case 'error':
        if (frame.code === 'SLOW_CONSUMER') break; // the link handles it: reconnect and resume
        if (frame.code === 'UNKNOWN_SESSION' && (frame.sessionId === undefined || frame.sessionId === sessionId)) {
          outcome.unknownSession = true;
          // A link to a card of it: say so in the link's words, not the API's.
          if (this.addressedNow() !== null && sessionId !== null) {
            this.addNotice('LINK', unknownSessionMessage(sessionId));
            break;
          }
        }
        // The composer's no-model note already says this: show it again rather than a second message.
        if (frame.code === 'MODEL_NOT_CONFIGURED') this.pending.modelNeededSerial = (this.pending.modelNeededSerial ?? this.state.getState().modelNeededSerial) + 1;
        else this.addNotice(frame.code, frame.message);
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
    const current = this.state.getState();
    // The opening history is still arriving: show its progress, render the rows once it is all here.
    if (current.sessionId !== null && !(patch.caughtUp ?? current.caughtUp)) {
      this.state.setState(patch);
      return;
    }
    this.changed = false;
    this.state.setState({
      ...patch,
      rows: this.builder.rowsSnapshot(),
      lastSeq: this.builder.lastSeq,
      running: this.running(patch.server ?? current.server, patch.callStates ?? current.callStates),
    });
  }

  /** Applies one event after what is held. */
  private apply(delivery: EventDelivery): AppendOutcome {
    const applied = this.builder.append(delivery);
    if (applied !== 'applied') return applied;
    this.held.push(delivery);
    this.changed = true;
    const { event } = delivery;
    if (event.type === 'tool/call' && this.readRequests.length > 0) this.matchReadRequest(event.seq, event.data);
    // A result ends any state: a call cancelled while queued gets no `running` frame, an unsaved one only its TOOL_ABORTED result.
    if (event.type === 'tool/result') this.setCallState(event.data.callId, undefined);
    if (event.type === 'tool/result' && this.onLiveResult && !this.replaying) {
      const row = this.builder.rowOfCallNow(event.data.callId);
      if (row?.kind === 'tool') this.onLiveResult(row);
    }
    return applied;
  }

  private callStatesNow(): ReadonlyMap<string, HeldCallState> {
    return this.pending.callStates ?? this.state.getState().callStates;
  }

  /** `undefined`: the call is simply running (or has ended). */
  private setCallState(callId: string, state: HeldCallState | undefined): void {
    const current = this.callStatesNow();
    if (current.get(callId) === state) return;
    const next = new Map(current);
    if (state === undefined) next.delete(callId);
    else next.set(callId, state);
    this.pending.callStates = next;
  }

  /** Splices the older page that just ended in front of what is held: the rows are derived again. */
  private prependOlder(fromSeq: number): void {
    const firstSeq = this.builder.firstSeq;
    const page = this.older.filter((item) => item.event.seq < firstSeq).sort((a, b) => a.event.seq - b.event.seq);
    this.older = [];
    if (page.length === 0) {
      // The server has nothing before firstSeq (or only lines it could not read).
      this.setHistory({ hasOlder: false });
      return;
    }
    const deliveries = [...page, ...this.held];
    const builder = new TimelineBuilder(deliveries[0]!.event.seq);
    const kept: EventDelivery[] = [];
    for (const delivery of deliveries) {
      // A seq missing from the log (a corrupt line the server skipped) is a hole, not a reason to stop.
      if (builder.append(delivery) === 'gap') {
        builder.skipTo(delivery.event.seq);
        if (builder.append(delivery) !== 'applied') continue;
      }
      kept.push(delivery);
    }
    this.builder = builder;
    this.held = kept;
    this.changed = true;
    this.setHistory({ firstSeq: builder.firstSeq, hasOlder: Math.min(fromSeq, builder.firstSeq) > 0 });
  }

  private setHistory(change: Partial<HistoryState>): void {
    this.history = { ...this.history, ...change };
    this.pending.history = this.history;
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

  /**
   * A click-through read identical to the latest read card (same path and window, read
   * without error) shows that card again, flashed, instead of adding a copy. False when
   * another read came since, or the latest failed: then a new read runs.
   */
  revealLatestRead(request: OpenLocationRequest): boolean {
    const { rows } = this.state.getState();
    for (let index = rows.length - 1; index >= 0; index -= 1) {
      const row = rows[index]!;
      if (row.kind !== 'tool' || row.call?.name !== 'read') continue;
      if (!sameJson(row.call.args, request.args as JsonValue) || row.result === undefined || row.result.isError) return false;
      const targetLines = new Map(this.state.getState().targetLines);
      if (request.targetLine === undefined) targetLines.delete(row.callId);
      else targetLines.set(row.callId, request.targetLine);
      this.revealSerial += 1;
      this.state.setState({ targetLines, reveal: { callId: row.callId, serial: this.revealSerial, flash: true } });
      return true;
    }
    return false;
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

  /**
   * A model turn counts only when there is a model: without one no turn/end will come. An
   * unsaved call does not count: its tool has ended, there is nothing left to cancel.
   */
  private running(server: ServerIdentity | null, callStates: ReadonlyMap<string, HeldCallState>): boolean {
    const callRunning = this.builder.someOpenCall((callId) => callStates.get(callId) !== 'unsaved');
    return callRunning || (this.builder.turnOpen && server !== null && server.model !== null);
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
