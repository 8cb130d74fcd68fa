import { createStore, type StoreApi } from 'zustand/vanilla';
import { assertNever, type ServerFrame } from '@toolcards/protocol';
import { unknownSessionMessage, addressStep, type AddressStep } from '../model/addressed-card';
import { Navigation, type NavigationView, type Reveal } from '../model/navigation';
import type { OpenLocationRequest } from '../model/open-location-request';
import type { LineSpan } from '../model/session-hash';
import { TimelineModel, type TimelineView } from '../model/timeline-model';
import type { EventDelivery, ToolRow } from '../model/timeline-row';
import type { ConnectionState } from '../net/session-connection';
import { AppStatus, type AppStatusView, type ServerIdentity } from './app-status';
import { FileChangeListeners } from './file-change-listeners';

/** What components subscribe to: the timeline, where the page goes, and the app's status. */
export type SessionState = TimelineView & NavigationView & AppStatusView;

export interface IngestOutcome {
  /** An event was missing: drop the link and resume from `lastSeq`. */
  resync: boolean;
  /** The server does not know the session we subscribed to. */
  unknownSession: boolean;
}

/**
 * The client's state, in three parts that each hold their own: the timeline (rows and the
 * history window, model/timeline-model.ts), navigation (addressed card, reveal, target lines,
 * find focus, read requests, model/navigation.ts) and the app's status (connection, server,
 * token, notices, app-status.ts). `state` is what components subscribe to: a copy of the
 * three, published at most once per animation frame (`publish`; the client publishes at
 * most every 100 ms while a burst lasts), never read back here.
 * While a session's opening history arrives, rows are not published at all — only its
 * progress — so the timeline renders once, at caught-up, with every call matched to its
 * result. Older pages arrive later and are spliced in front, one publish per page.
 */
export class ClientState {
  readonly timeline: TimelineModel;
  readonly navigation = new Navigation();
  readonly status = new AppStatus();
  readonly state: StoreApi<SessionState>;
  /** Cards watching their file for the server's `files-changed`. */
  readonly fileChanges = new FileChangeListeners();
  /** Received but not yet published. */
  private unpublished = false;

  /**
   * `onLiveResult` hears of each result as it is applied while live (not while history
   * replays), before any publish: what its card will need can start at ingest — a read's
   * highlighting — rather than in the card's mount a frame or more later.
   */
  constructor(private readonly onLiveResult?: (row: ToolRow) => void) {
    this.timeline = new TimelineModel((delivery) => this.applied(delivery));
    this.state = createStore<SessionState>()(() => this.view());
  }

  /** Starts showing session `sessionId` from scratch; its history arrives as frames. The app's status stays. */
  openSession(sessionId: string | null): void {
    this.timeline.open(sessionId);
    this.navigation.open();
    this.unpublished = false;
    this.state.setState(this.view());
  }

  /** A blank session that does not exist yet (its first command creates it): nothing to load. */
  openDraft(): void {
    this.timeline.open(null);
    this.timeline.caughtUp = true;
    this.navigation.open();
    this.status.connection = { status: 'ready' };
    this.unpublished = false;
    this.state.setState(this.view());
  }

  /** The `load-history` to send for the next older page, unless one is in flight or none is left. */
  olderPageRequest(): { beforeSeq: number } | undefined {
    return this.timeline.olderPageRequest();
  }

  /** An older page was asked for. */
  noteOlderRequested(): void {
    this.timeline.noteOlderRequested();
    this.changed();
  }

  /** The seq to resume from: everything up to it is held. */
  get lastSeq(): number {
    return this.timeline.lastSeq;
  }

  /** The open session's history is still arriving (no caught-up yet). */
  get replaying(): boolean {
    return this.timeline.replaying;
  }

  /** The row a reveal asks for, in the rows held now. */
  rowIndexOfReveal(reveal: Reveal): number | undefined {
    if (reveal.callId !== undefined) return this.timeline.rowIndexOfCall(reveal.callId);
    return reveal.seq === undefined ? undefined : this.timeline.rowIndexOfSeq(reveal.seq);
  }

  // ── The card the page's address names (model/addressed-card.ts) ──

  /** An address naming card `seq` (and maybe lines of it) was opened: it is shown once history holds it. */
  openAddress(seq: number, lines: LineSpan | undefined): void {
    this.navigation.openAddress(seq, lines);
    this.changed();
  }

  /** The addressed card's seq while history still has to reach it (older pages are sized for it). */
  get addressedSeqToLoad(): number | undefined {
    return this.navigation.addressedSeqToLoad;
  }

  /** What to do next for the addressed card; `wait` when there is none to look for. */
  addressStep(): AddressStep {
    const seq = this.navigation.addressedSeqToLoad;
    if (seq === undefined) return { kind: 'wait' };
    return addressStep(seq, this.timeline.heldHistory(), (at) => this.timeline.rowIndexOfSeq(at));
  }

  /** The addressed card is in row `rowIndex`: scroll to it and mark it (the flash a click-through uses). */
  showAddressed(rowIndex: number): void {
    const row = this.timeline.rows()[rowIndex];
    if (row) this.navigation.showAddressed(row);
    this.unpublished = true;
  }

  /** The addressed card cannot be shown: say why, in a notice. */
  addressMissing(message: string): void {
    this.navigation.clearAddressed();
    this.status.addNotice('LINK', message);
    this.unpublished = true;
  }

  /** Lines were selected in card `seq` (none: the card itself): the address names them now. */
  selectLines(seq: number, lines: LineSpan | undefined): void {
    this.navigation.selectLines(seq, lines);
    this.changed();
  }

  /** The address names no card any more. */
  clearAddressed(): void {
    if (this.navigation.addressed === null) return;
    this.navigation.clearAddressed();
    this.changed();
  }

  /**
   * A find hit in the row holding `seq`: scroll to it (no flash: the match itself is marked), aim a
   * read card at the hit's line, open a search card's group that holds it.
   */
  revealFound(seq: number, focus: { line?: number; file?: number }): void {
    const rowIndex = this.timeline.rowIndexOfSeq(seq);
    const row = rowIndex === undefined ? undefined : this.timeline.rows()[rowIndex];
    if (!row) return;
    this.navigation.revealFound(row, focus);
    this.state.setState(this.navigation.view());
  }

  /** A click-through read was sent: its echo gets the target line and is scrolled to. */
  expectRead(request: OpenLocationRequest): void {
    this.navigation.expectRead(request);
  }

  /** A click-through read identical to the latest read card shows that card again (model/navigation.ts). */
  revealLatestRead(request: OpenLocationRequest): boolean {
    // The rows the person sees: none while the opening history loads.
    if (this.timeline.replaying || !this.navigation.revealLatestRead(this.timeline.rows(), request)) return false;
    this.state.setState(this.navigation.view());
    return true;
  }

  /** The user sent something: show the end of the timeline again. */
  requestFollow(): void {
    this.navigation.requestFollow();
    this.state.setState(this.navigation.view());
  }

  setConnection(connection: ConnectionState): void {
    this.status.connection = connection;
    this.state.setState(this.status.view());
  }

  setServer(server: ServerIdentity): void {
    this.status.server = server;
    this.changed();
  }

  setUnauthorized(): void {
    this.status.unauthorized = true;
    this.state.setState(this.status.view());
  }

  notice(code: string, message: string): void {
    this.status.addNotice(code, message);
    this.changed();
  }

  dismissNotice(id: number): void {
    this.status.dismissNotice(id);
    this.changed();
  }

  /**
   * Applies one frame: O(1), no store update. Components see it at the next `publish` (a
   * frame later, or up to 100 ms in a burst), so every socket message stays a tiny task.
   */
  receive(frame: ServerFrame): IngestOutcome {
    const outcome: IngestOutcome = { resync: false, unknownSession: false };
    const { sessionId } = this.timeline;
    this.unpublished = true;
    switch (frame.type) {
      case 'hello':
        this.status.server = { version: frame.version, workspace: frame.workspace, model: frame.model, editor: frame.editor };
        break;
      case 'subscribed':
        if (frame.sessionId === sessionId) this.timeline.subscribed(frame);
        break;
      case 'event':
        if (frame.sessionId === sessionId && this.timeline.apply(frame) === 'gap') outcome.resync = true;
        break;
      case 'history':
        if (frame.sessionId === sessionId && this.timeline.historyBatch(frame) === 'gap') outcome.resync = true;
        break;
      case 'history-end':
        if (frame.sessionId === sessionId) this.timeline.historyEnd(frame);
        break;
      case 'caught-up':
        // The server has more than it sent us: a hole at the end is a gap too.
        if (frame.sessionId === sessionId && !this.timeline.caughtUpAt(frame.lastSeq)) outcome.resync = true;
        break;
      case 'call-state':
        if (frame.sessionId === sessionId) this.timeline.callState(frame.callId, frame.state);
        break;
      case 'files-changed':
        if (frame.sessionId === sessionId) this.fileChanges.notify(frame.paths);
        break;
      case 'error':
        if (frame.code === 'SLOW_CONSUMER') break; // the link handles it: reconnect and resume
        if (frame.code === 'UNKNOWN_SESSION' && (frame.sessionId === undefined || frame.sessionId === sessionId)) {
          outcome.unknownSession = true;
          // A link to a card of it: say so in the link's words, not the API's.
          if (this.navigation.addressed !== null && sessionId !== null) {
            this.status.addNotice('LINK', unknownSessionMessage(sessionId));
            break;
          }
        }
        // The composer's no-model note already says this: show it again rather than a second message.
        if (frame.code === 'MODEL_NOT_CONFIGURED') this.status.modelNeeded();
        else this.status.addNotice(frame.code, frame.message);
        break;
      default:
        assertNever(frame, 'server frame');
    }
    return outcome;
  }

  /** One store update with everything received since the last one. */
  publish(): void {
    if (!this.unpublished) return;
    this.unpublished = false;
    this.state.setState(this.view());
  }

  /** An event was applied after what is held. */
  private applied({ event }: EventDelivery): void {
    if (event.type === 'tool/call') this.navigation.matchReadRequest(event.seq, event.data);
    if (event.type === 'tool/result' && this.onLiveResult && !this.timeline.replaying) {
      const row = this.timeline.toolRowNow(event.data.callId);
      if (row) this.onLiveResult(row);
    }
  }

  /** A change of ours, shown at once. */
  private changed(): void {
    this.unpublished = true;
    this.publish();
  }

  private view(): SessionState {
    return { ...this.timeline.view(this.status.hasModel), ...this.navigation.view(), ...this.status.view() };
  }
}
