import { assertNever, type CallState, type ServerFrame, type SessionHeader } from '@toolcards/protocol';
import type { HeldHistory } from './addressed-card';
import { TimelineBuilder, type AppendOutcome } from './rows-from-events';
import { rowIndexForSeq } from './row-index-for-seq';
import { SeqHoleCheck } from './seq-hole';
import type { EventDelivery, TimelineRow, ToolRow } from './timeline-row';

/** A call's state other than running (the default): what a call-state frame leaves standing. */
export type HeldCallState = Exclude<CallState, 'running'>;

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

/** What components see of the timeline. */
export interface TimelineView {
  sessionId: string | null;
  header: SessionHeader | null;
  /** History has been replayed; what arrives now is live. */
  caughtUp: boolean;
  /** How much of the session the timeline holds, and what is still loading. */
  history: HistoryState;
  /** callId → its state while not simply running: queued for a tool slot, or unsaved (transient: never in the log). */
  callStates: ReadonlyMap<string, HeldCallState>;
  rows: readonly TimelineRow[];
  lastSeq: number;
  /** A call or a model turn is in flight (the Cancel button shows); an unsaved call has ended. */
  running: boolean;
}

type FrameOf<T extends ServerFrame['type']> = Extract<ServerFrame, { type: T }>;

const EMPTY_HISTORY: HistoryState = { firstSeq: 0, hasOlder: false, loadingOlder: false, received: 0, expected: 0 };
const NOTHING_SHOWN: Pick<TimelineView, 'rows' | 'lastSeq' | 'running'> = { rows: [], lastSeq: -1, running: false };
const NO_CALL_STATES: ReadonlyMap<string, HeldCallState> = new Map();

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
 * The timeline of the session shown: the row builder fed one event at a time (O(1) per
 * event), and the history window around it — the tail it opened on, older pages spliced in
 * front as they end, how far the opening history has come. Every field here is the one
 * copy of its state; the store publishes `view()`.
 */
export class TimelineModel {
  sessionId: string | null = null;
  header: SessionHeader | null = null;
  caughtUp = false;
  history: HistoryState = EMPTY_HISTORY;
  callStates: ReadonlyMap<string, HeldCallState> = NO_CALL_STATES;
  private builder = new TimelineBuilder();
  /** Every applied event, in order: an older page rebuilds the rows from them. */
  private held: EventDelivery[] = [];
  /** An older page as it arrives, until its `history-end`. */
  private older: EventDelivery[] = [];
  /** The rows as last shown (see `view`). */
  private shown: Pick<TimelineView, 'rows' | 'lastSeq' | 'running'> = NOTHING_SHOWN;
  /** A gap seen again after its resync is a hole in the log: the timeline goes on past it. */
  private readonly holes = new SeqHoleCheck();
  /** This socket showed a gap: the link resyncs, and what else it sends is not weighed. */
  private gapOnThisSocket = false;

  /** `onApplied` hears of each event applied after what is held (not of an older page's). */
  constructor(private readonly onApplied: (delivery: EventDelivery) => void = () => {}) {}

  /** Starts on session `sessionId` from scratch; its history arrives as frames. */
  open(sessionId: string | null): void {
    this.sessionId = sessionId;
    this.header = null;
    this.caughtUp = false;
    this.history = EMPTY_HISTORY;
    this.callStates = NO_CALL_STATES;
    this.builder = new TimelineBuilder();
    this.held = [];
    this.older = [];
    this.shown = NOTHING_SHOWN;
    this.holes.reset();
    this.gapOnThisSocket = false;
  }

  /** The seq to resume from: everything up to it is held. */
  get lastSeq(): number {
    return this.builder.lastSeq;
  }

  /** The open session's history is still arriving (no caught-up yet). */
  get replaying(): boolean {
    return this.sessionId !== null && !this.caughtUp;
  }

  rows(): readonly TimelineRow[] {
    return this.builder.rowsSnapshot();
  }

  rowIndexOfCall(callId: string): number | undefined {
    return this.builder.rowIndexOfCall(callId);
  }

  rowIndexOfSeq(seq: number): number | undefined {
    return rowIndexForSeq(this.builder.rowsSnapshot(), seq);
  }

  /** A call's row as it is now, without taking a snapshot (O(1) per live result). */
  toolRowNow(callId: string): ToolRow | undefined {
    const row = this.builder.rowOfCallNow(callId);
    return row?.kind === 'tool' ? row : undefined;
  }

  /** What history holds, for finding a seq in it (addressed-card.ts). */
  heldHistory(): HeldHistory {
    const { firstSeq, hasOlder, loadingOlder } = this.history;
    return { caughtUp: !this.replaying, firstSeq, lastSeq: this.builder.lastSeq, hasOlder, loadingOlder };
  }

  /** The `load-history` to send for the next older page, unless one is in flight or none is left. */
  olderPageRequest(): { beforeSeq: number } | undefined {
    const { hasOlder, loadingOlder, firstSeq } = this.history;
    if (!hasOlder || loadingOlder || this.replaying || this.sessionId === null) return undefined;
    return { beforeSeq: firstSeq };
  }

  noteOlderRequested(): void {
    this.setHistory({ loadingOlder: true });
  }

  subscribed(frame: FrameOf<'subscribed'>): void {
    this.header = frame.header;
    // Nothing held yet: the timeline starts where this history does (the tail of a long session).
    if (this.held.length === 0) this.builder = new TimelineBuilder(frame.fromSeq);
    // A new socket: an older page asked on the old one will not come.
    this.older = [];
    this.gapOnThisSocket = false;
    this.setHistory({
      ...(this.held.length === 0 ? { firstSeq: frame.fromSeq, hasOlder: frame.fromSeq > 0 } : {}),
      loadingOlder: false,
      received: 0,
      expected: Math.max(0, frame.lastSeq - frame.fromSeq + 1),
    });
  }

  /** One history frame: events after what is held are applied, an older page's are kept for its end. */
  historyBatch(frame: FrameOf<'history'>): AppendOutcome {
    let received = 0;
    let outcome: AppendOutcome = 'applied';
    for (const item of frame.items) {
      if (item.event.seq < this.builder.firstSeq) {
        this.older.push(item);
        continue;
      }
      received += 1;
      // Nothing after a gap can be placed: the link is dropped and resumes from lastSeq.
      if (this.apply(item) === 'gap') {
        outcome = 'gap';
        break;
      }
    }
    if (received > 0) this.setHistory({ received: this.history.received + received });
    return outcome;
  }

  historyEnd(frame: FrameOf<'history-end'>): void {
    // An answer for where the timeline starts now (not a stale one from before a reconnect).
    if (frame.beforeSeq === this.builder.firstSeq) this.prependOlder(frame.fromSeq);
    else this.older = [];
    this.setHistory({ loadingOlder: false });
  }

  /** The opening history has all come; false: the server has more than it sent (a hole at the end). */
  caughtUpAt(lastSeq: number): boolean {
    // The log's last events unreadable, again after a resync: what was read is all there is.
    if (lastSeq > this.builder.lastSeq && !this.gapOnThisSocket && this.holes.seenAgain(this.builder.lastSeq, lastSeq + 1)) this.builder.skipTo(lastSeq + 1);
    const complete = lastSeq <= this.builder.lastSeq;
    if (complete) this.caughtUp = true;
    // The server sends the calls queued or unsaved now right after this: older call states are stale.
    if (this.callStates.size > 0) this.callStates = NO_CALL_STATES;
    return complete;
  }

  callState(callId: string, state: CallState): void {
    this.setCallState(callId, heldCallState(state));
  }

  /** Applies one event after what is held. */
  apply(delivery: EventDelivery): AppendOutcome {
    let applied = this.builder.append(delivery);
    if (applied === 'gap' && !this.gapOnThisSocket) {
      if (this.holes.seenAgain(this.builder.lastSeq, delivery.event.seq)) {
        this.builder.skipTo(delivery.event.seq);
        applied = this.builder.append(delivery);
      } else {
        this.gapOnThisSocket = true;
      }
    }
    if (applied !== 'applied') return applied;
    this.held.push(delivery);
    // A result ends any state: a call cancelled while queued gets no `running` frame, an unsaved one only its TOOL_ABORTED result.
    if (delivery.event.type === 'tool/result') this.setCallState(delivery.event.data.callId, undefined);
    this.onApplied(delivery);
    return applied;
  }

  /**
   * A model turn counts only when there is a model: without one no turn/end will come. An
   * unsaved call does not count: its tool has ended, there is nothing left to cancel.
   */
  running(hasModel: boolean): boolean {
    const callRunning = this.builder.someOpenCall((callId) => this.callStates.get(callId) !== 'unsaved');
    return callRunning || (this.builder.turnOpen && hasModel);
  }

  /**
   * What components see. The rows are those of the last view taken while live: while the
   * opening history arrives they stay as they were (none, for a session just opened), so the
   * timeline renders once, at caught-up, with every call matched to its result.
   */
  view(hasModel: boolean): TimelineView {
    if (!this.replaying) this.shown = { rows: this.builder.rowsSnapshot(), lastSeq: this.builder.lastSeq, running: this.running(hasModel) };
    const { sessionId, header, caughtUp, history, callStates } = this;
    return { sessionId, header, caughtUp, history, callStates, ...this.shown };
  }

  /** `undefined`: the call is simply running (or has ended). */
  private setCallState(callId: string, state: HeldCallState | undefined): void {
    if (this.callStates.get(callId) === state) return;
    const next = new Map(this.callStates);
    if (state === undefined) next.delete(callId);
    else next.set(callId, state);
    this.callStates = next;
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
    // The rows behind the page are the same as before: their cards are not rendered again.
    builder.keepUnchanged(this.builder.rowsSnapshot());
    this.builder = builder;
    this.held = kept;
    this.setHistory({ firstSeq: builder.firstSeq, hasOlder: Math.min(fromSeq, builder.firstSeq) > 0 });
  }

  private setHistory(change: Partial<HistoryState>): void {
    this.history = { ...this.history, ...change };
  }
}
