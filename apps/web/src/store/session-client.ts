import { MAX_HISTORY_REQUEST, type ClientFrame, type FileCardsResponse, type FilesSeenResponse, type JsonValue, type Pin, type PinsResponse, type ServerFrame, type SessionSearchResponse, type SessionSummary } from '@toolcards/protocol';
import type { FileSource } from '../net/file-source';
import type { FullResultSource } from '../net/full-result-source';
import { initialSession, type InitialSession } from '../model/initial-session';
import { filesHere } from '../model/files-here';
import { hashForAddress, hashForCard, hashForSession, sessionAddressFromHash, type LineSpan, type SessionAddress } from '../model/session-hash';
import { UnauthorizedError, type ServerApi, type SessionSearchRequest } from '../net/server-api';
import { burstScheduler } from './burst-schedule';
import { backfillScheduler, replayScheduler } from './history-schedules';
import { OncePerFrame, type FrameScheduler } from './once-per-frame';
import { openLocationRequest, type CardLocation, type OpenLocationRequest } from '../model/open-location-request';
import { olderPageLimit } from '../model/addressed-card';
import { olderPageSize } from '../model/older-page-size';
import { SessionConnection, type SocketLike, type Timers } from '../net/session-connection';
import { TAIL_EVENTS } from './tail-events';
import type { ClientState } from './client-state';

/** The address bar's hash, as the client reads and writes it. */
export interface HashPlace {
  read(): string;
  /** Replaces the hash without a navigation (no hashchange event). */
  write(hash: string): void;
}

export interface SessionClientOptions {
  store: ClientState;
  api: Pick<ServerApi, 'info' | 'sessions' | 'createSession' | 'resultText' | 'fullResultOutline' | 'fullResultPage' | 'fileLines' | 'readFreshness' | 'searchSessions'> &
    // Optional: a client without a server behind it (tests, bench pages) lists no files.
    Partial<Pick<ServerApi, 'filesSeen' | 'fileCards' | 'pins' | 'savePins'>>;
  /** ws(s)://host/ws?token=… */
  socketUrl: string;
  hash: HashPlace;
  /** The socket for a session's connection (default: a new WebSocket). */
  createSocket?: (url: string, sessionId: string) => SocketLike;
  /** When received frames are published (default: the next frame, at most every BURST_PUBLISH_MS while frames keep coming). */
  schedule?: FrameScheduler;
  /** How often a replaying history's progress is shown (default every REPLAY_PUBLISH_MS, history-schedules.ts). */
  replaySchedule?: FrameScheduler;
  /** How the next older page is put off after one arrived (default: a macrotask, so input and paint go first). */
  backfillSchedule?: FrameScheduler;
  /** Events a session opens on (default TAIL_EVENTS). */
  tail?: number;
  timers?: Timers;
  random?: () => number;
  isOnline?: () => boolean;
  /**
   * Settles when the page can draw every card at once (the cards' chunks fetched with the
   * page). The session opens at once (the server reads it while the chunks come), but frames
   * are applied only after it, so no result is ever drawn before its card's code (a stand-in
   * that then grew under a timeline following its end). Capped by CARDS_READY_CAP_MS, counted from the first frame held.
   */
  cardsReady?: Promise<unknown>;
}

export { TAIL_EVENTS };
/** Events of the first older page; the next ones grow with what is held (older-page-size.ts). */
export const OLDER_PAGE_EVENTS = 2_500;

/** A chunk that neither comes nor fails does not hold the session's frames longer than this. */
export const CARDS_READY_CAP_MS = 3_000;

/** Commands held while the first session is chosen. */
const MAX_HELD_UNTIL_OPEN = 16;

const NOT_CONNECTED = 'Not connected to the server — wait for the connection to come back and try again.';

/**
 * What the UI talks to: opens sessions (HTTP API + socket), sends the composer's and the
 * cards' requests, and feeds server frames to the store — applied as they arrive,
 * published to components in the next animation frame, at most every 100 ms in a burst.
 */
export class SessionClient {
  readonly store: ClientState;
  private readonly api: SessionClientOptions['api'];
  private readonly hash: HashPlace;
  private readonly connection: SessionConnection;
  private readonly publisher: OncePerFrame;
  private readonly replayPublisher: OncePerFrame;
  private readonly backfill: OncePerFrame;
  private requestSerial = 0;
  /** True from construction until the first session opens (or the start fails). */
  private starting = true;
  private heldUntilOpen: (() => boolean)[] = [];
  /** A blank session is shown: the first command creates it. */
  private drafting = false;
  private creating = false;
  private started: Promise<void> | undefined;
  /** Frames that came before `cardsReady` settled, applied in order once it has (then null). */
  private framesBeforeCards: ServerFrame[] | null;
  private readonly timers: Timers | undefined;

  constructor(options: SessionClientOptions) {
    this.store = options.store;
    this.api = options.api;
    this.hash = options.hash;
    this.framesBeforeCards = options.cardsReady === undefined ? null : [];
    this.timers = options.timers;
    // A failed chunk is its card's boundary to show: the frames go on either way.
    const applyHeld = () => this.applyFramesBeforeCards();
    if (options.cardsReady) void options.cardsReady.then(applyHeld, applyHeld);
    this.publisher = new OncePerFrame(() => this.store.publish(), options.schedule ?? burstScheduler());
    this.replayPublisher = new OncePerFrame(() => this.store.publish(), options.replaySchedule ?? replayScheduler);
    this.backfill = new OncePerFrame(() => this.loadOlder(), options.backfillSchedule ?? backfillScheduler);
    this.connection = new SessionConnection({
      url: options.socketUrl,
      ...(options.createSocket ? { createSocket: options.createSocket } : {}),
      ...(options.timers ? { timers: options.timers } : {}),
      ...(options.random ? { random: options.random } : {}),
      ...(options.isOnline ? { isOnline: options.isOnline } : {}),
      onFrame: (frame) => (this.framesBeforeCards ? this.holdUntilCards(frame) : this.receive(frame)),
      onStatus: (connection) => this.store.setConnection(connection),
      resumeSeq: () => this.store.lastSeq,
      tail: options.tail ?? TAIL_EVENTS,
      onHandshakeFailed: () => void this.checkToken(),
      onQueuedDropped: () => this.store.notice('NOT_CONNECTED', NOT_CONNECTED),
    });
  }

  /**
   * First load: the session in the URL, else this workspace's newest, else a new one. Asked
   * again while it runs or after it (the page starts it before its first render, the workbench
   * again as it mounts) it does nothing; after `stop()` it loads again.
   */
  start(): Promise<void> {
    return (this.started ??= this.firstLoad());
  }

  private async firstLoad(): Promise<void> {
    await this.guard(async () => {
      // A session named in the URL (maybe a card of it) opens at once: its socket does not wait for the info.
      const address = sessionAddressFromHash(this.hash.read());
      if (address !== undefined) this.openSession(address.sessionId, address);
      const info = await this.api.info();
      this.store.setServer(info);
      if (address !== undefined) return;
      this.openChoice(initialSession(undefined, await this.api.sessions(), info.workspace));
    });
    // The start failed before a session opened: what was held cannot be sent.
    this.starting = false;
    if (!this.drafting && this.heldUntilOpen.splice(0).length > 0) this.store.notice('NOT_CONNECTED', NOT_CONNECTED);
  }

  private openChoice(choice: InitialSession): void {
    if ('open' in choice) this.openSession(choice.open);
    else this.openDraft();
  }

  /** A blank session: shown at once, created on the server by its first command. */
  openDraft(): void {
    if (this.hash.read() !== '') this.hash.write('');
    this.dropScheduledWork();
    this.connection.close();
    this.drafting = true;
    this.store.openDraft();
    // Commands typed while the first load chose (none existed): they create the session now.
    if (this.heldUntilOpen.length > 0) void this.createDraftedSession();
  }

  /**
   * The model-facing text of a result of the open session, joined as the model reads it.
   * History sends results lean; a card that needs the text (the generic fallback) asks here.
   */
  async resultText(callId: string): Promise<string> {
    const sessionId = this.store.timeline.sessionId;
    if (sessionId === null) throw new Error('No session is open.');
    const answer = await this.api.resultText(sessionId, callId);
    return answer.content.map((block) => block.text).join('\n');
  }

  /** A capped search's complete result in the open session, read page by page from the server. */
  fullResult(callId: string): FullResultSource {
    const sessionId = this.store.timeline.sessionId;
    const noSession = () => Promise.reject(new Error('No session is open.'));
    return {
      outline: () => (sessionId === null ? noSession() : this.api.fullResultOutline(sessionId, callId)),
      page: (query) => (sessionId === null ? noSession() : this.api.fullResultPage(sessionId, callId, query)),
    };
  }

  /**
   * Files as they are now, for the card of `callId` in the open session: lines beside it, its
   * read's freshness. None for a session that ran in another workspace: its files are not here.
   */
  fileSource(callId: string): FileSource | undefined {
    if (!filesHere(this.store.timeline.header?.cwd, this.store.status.server?.workspace)) return undefined;
    const sessionId = this.store.timeline.sessionId;
    const noSession = () => Promise.reject(new Error('No session is open.'));
    return {
      lines: (path, offset, limit) => (sessionId === null ? noSession() : this.api.fileLines(sessionId, { path, offset, limit })),
      freshness: async () => (sessionId === null ? noSession() : (await this.api.readFreshness(sessionId, callId)).state),
      watch: (path, listener) => this.store.fileChanges.add(path, listener),
    };
  }

  /**
   * Shows a session, replayed from its log through the same path as live events; with an
   * `address` naming a card of it, that card once history reaches it.
   */
  openSession(sessionId: string, address?: SessionAddress): void {
    const hash = address?.seq === undefined ? hashForSession(sessionId) : hashForAddress(address);
    if (this.hash.read() !== hash) this.hash.write(hash);
    this.starting = false;
    this.drafting = false;
    this.dropScheduledWork();
    this.store.openSession(sessionId);
    if (address?.seq !== undefined) this.store.openAddress(address.seq, address.lines);
    this.connection.open(sessionId);
    for (const send of this.heldUntilOpen.splice(0)) send();
  }

  /** What was scheduled for the session shown before: another one replaces it. */
  private dropScheduledWork(): void {
    this.publisher.dispose();
    this.replayPublisher.dispose();
    this.backfill.dispose();
  }

  /** This workspace's sessions, newest first (for the sessions list). */
  listSessions(): Promise<SessionSummary[]> {
    return this.api.sessions().catch((error: unknown) => {
      if (error instanceof UnauthorizedError) {
        this.connection.close();
        this.store.setUnauthorized();
      }
      throw error;
    });
  }

  /** Searches every session's log; a newer search aborts the one before through `signal`. */
  searchSessions(query: SessionSearchRequest, signal: AbortSignal): Promise<SessionSearchResponse> {
    return this.api.searchSessions(query, signal);
  }

  /** The files session `sessionId`'s cards showed; with `afterSeq`, only those touched after it. */
  filesSeen(sessionId: string, afterSeq?: number): Promise<FilesSeenResponse> {
    return this.api.filesSeen ? this.api.filesSeen(sessionId, afterSeq) : Promise.reject(new Error('This page cannot list files.'));
  }

  /** One file of session `sessionId` with every card that touched it. */
  fileCards(sessionId: string, path: string): Promise<FileCardsResponse> {
    return this.api.fileCards ? this.api.fileCards(sessionId, path) : Promise.reject(new Error('This page cannot list files.'));
  }

  /** The cards pinned in session `sessionId`. */
  pins(sessionId: string): Promise<PinsResponse> {
    return this.api.pins ? this.api.pins(sessionId) : Promise.reject(new Error('This page cannot keep pins.'));
  }

  /** Replaces session `sessionId`'s pins; the answer is the pins as saved. */
  savePins(sessionId: string, pins: readonly Pin[]): Promise<PinsResponse> {
    return this.api.savePins ? this.api.savePins(sessionId, pins) : Promise.reject(new Error('This page cannot keep pins.'));
  }

  /** Opens card `seq` of a session (a search hit): its address, followed as a link would be. */
  openCard(sessionId: string, seq: number): void {
    this.hash.write(hashForCard(sessionId, seq));
    this.followHash();
  }

  /** "+ New session": a blank one, created on the server by its first command. */
  newSession(): void {
    this.openDraft();
  }

  /** The address bar's hash changed (back button, edited URL, a link into this page). */
  followHash(): void {
    const address = sessionAddressFromHash(this.hash.read());
    if (address === undefined) return;
    if (address.sessionId !== this.store.timeline.sessionId) return this.openSession(address.sessionId, address);
    // The same session: go to the card it names now, or to none.
    if (address.seq === undefined) return this.store.clearAddressed();
    this.store.openAddress(address.seq, address.lines);
    this.followAddress();
  }

  /** Lines were selected in card `seq` (none: the card itself): the address bar says so, without a navigation. */
  selectLines(seq: number, lines: LineSpan | undefined): void {
    const sessionId = this.store.timeline.sessionId;
    if (sessionId === null) return;
    this.hash.write(hashForCard(sessionId, seq, lines));
    this.store.selectLines(seq, lines);
  }

  /** The next step toward the card the address names: an older page, showing it, or a notice why not. */
  private followAddress(): void {
    const step = this.store.addressStep();
    switch (step.kind) {
      case 'wait':
        return;
      case 'load':
        // Sized to reach the card (loadOlder asks olderPageLimit), at once rather than when idle.
        return this.loadOlder();
      case 'show':
        this.store.showAddressed(step.rowIndex);
        break;
      case 'missing':
        this.store.addressMissing(step.message);
        break;
    }
    this.publisher.request();
  }

  /** Runs a tool directly (origin 'user'); false when it could not be sent. */
  runTool(name: string, args: JsonValue): boolean {
    const sessionId = this.store.timeline.sessionId;
    if (sessionId === null) return this.holdUntilOpen(() => this.runTool(name, args));
    this.requestSerial += 1;
    return this.send({ type: 'run-tool', sessionId, name, args, requestId: `r${this.requestSerial}` });
  }

  /** Plain text for the model. */
  sendMessage(text: string): boolean {
    const sessionId = this.store.timeline.sessionId;
    if (sessionId === null) return this.holdUntilOpen(() => this.sendMessage(text));
    return this.send({ type: 'user-message', sessionId, text });
  }

  /**
   * A command typed while there is no session to send it to: the page just loaded and the
   * first session is still being chosen, or the blank session has no log yet — then this
   * first command creates it. Sent once the session opens, instead of refused. Bounded.
   */
  private holdUntilOpen(send: () => boolean): boolean {
    if (!(this.starting || this.drafting) || this.heldUntilOpen.length >= MAX_HELD_UNTIL_OPEN) return false;
    this.heldUntilOpen.push(send);
    if (this.drafting) void this.createDraftedSession();
    return true;
  }

  /** The blank session's first command: create it once, then what was typed is sent in order. */
  private async createDraftedSession(): Promise<void> {
    if (this.creating) return;
    this.creating = true;
    try {
      await this.guard(async () => {
        const created = await this.api.createSession();
        if (this.drafting) this.openSession(created.id);
      });
    } finally {
      this.creating = false;
    }
    // Creation failed (the notice says why): what was typed cannot be sent.
    if (this.drafting) this.heldUntilOpen.splice(0);
  }

  /** Stops everything running in the session. */
  cancel(): boolean {
    const sessionId = this.store.timeline.sessionId;
    return sessionId !== null && this.send({ type: 'cancel', sessionId });
  }

  /** A card asked for a place in a file: read around it, then show that card at the line. */
  openLocation(location: CardLocation): void {
    this.openRead(openLocationRequest(location, this.store.lastSeq));
  }

  /**
   * A window of a file the user asked for from a card ("Next 736 lines"): read, and its card
   * shown. `again`: a new read even when the latest card shows that window ("Read again").
   */
  readWindow(window: { path: string; offset: number; limit: number }, again = false): void {
    const request: OpenLocationRequest = { name: 'read', args: { path: window.path, offset: window.offset, limit: window.limit }, afterSeq: this.store.lastSeq };
    if (again) {
      if (this.runTool(request.name, request.args)) this.store.expectRead(request);
    } else this.openRead(request);
  }

  private openRead(request: OpenLocationRequest): void {
    if (this.store.revealLatestRead(request)) return;
    if (this.runTool(request.name, request.args)) this.store.expectRead(request);
  }

  /**
   * Asks for the page of events before the first one held (the user scrolled up, or the
   * background backfill); nothing when one is on its way or the session's start is held.
   */
  loadOlder(): void {
    const sessionId = this.store.timeline.sessionId;
    const request = this.store.olderPageRequest();
    if (sessionId === null || request === undefined) return;
    const { firstSeq, lastSeq } = this.store.timeline.heldHistory();
    const page = olderPageSize(lastSeq - firstSeq + 1, OLDER_PAGE_EVENTS, MAX_HISTORY_REQUEST);
    const limit = olderPageLimit(this.store.addressedSeqToLoad, request.beforeSeq, page, MAX_HISTORY_REQUEST);
    if (this.connection.send({ type: 'load-history', sessionId, beforeSeq: request.beforeSeq, limit })) {
      this.store.noteOlderRequested();
    }
  }

  /** The browser is back online: do not wait for the backoff. */
  reconnectNow(): void {
    this.connection.reconnectNow();
  }

  stop(): void {
    this.started = undefined;
    this.connection.close();
    this.replayPublisher.dispose();
    this.backfill.dispose();
    this.publisher.flush();
  }

  private send(frame: ClientFrame): boolean {
    if (this.connection.send(frame)) return true;
    this.store.notice('NOT_CONNECTED', NOT_CONNECTED);
    return false;
  }

  /**
   * The cap counts from the first frame held, not from the page's start: on a busy machine the
   * socket may open seconds after the page, and its frames still wait for the cards' code.
   */
  private holdUntilCards(frame: ServerFrame): void {
    const held = this.framesBeforeCards!;
    held.push(frame);
    if (held.length > 1) return;
    const apply = () => this.applyFramesBeforeCards();
    if (this.timers) this.timers.setTimeout(apply, CARDS_READY_CAP_MS);
    else setTimeout(apply, CARDS_READY_CAP_MS);
  }

  private applyFramesBeforeCards(): void {
    const held = this.framesBeforeCards ?? [];
    this.framesBeforeCards = null;
    for (const frame of held) this.receive(frame);
  }

  private receive(frame: ServerFrame): void {
    const outcome = this.store.receive(frame);
    if (this.store.replaying) this.replayPublisher.request();
    else this.publisher.request();
    // Older history loads behind the tail, a page at a time: the first once the tail is on
    // screen, each next one as soon as the last has ended, so the server reads it while
    // the client splices the last one in.
    if (frame.type === 'caught-up') this.backfill.request();
    if (frame.type === 'history-end') this.loadOlder();
    // A linked card: shown once history holds it, else history is loaded toward it.
    if (frame.type === 'caught-up' || frame.type === 'history-end') this.followAddress();
    // A hole in the seqs: drop this socket and resume from what is held.
    if (outcome.resync) this.connection.resync();
    if (outcome.unknownSession) void this.openFallbackSession();
  }

  /** The URL named a session the server does not have: show this workspace's newest instead. */
  private async openFallbackSession(): Promise<void> {
    await this.guard(async () => {
      const info = this.store.status.server ?? (await this.api.info());
      this.openChoice(initialSession(undefined, await this.api.sessions(), info.workspace));
    });
  }

  /** A socket was refused before opening: the server may have restarted with a new token. */
  private async checkToken(): Promise<void> {
    try {
      await this.api.info();
    } catch (error) {
      if (error instanceof UnauthorizedError) {
        this.connection.close();
        this.store.setUnauthorized();
      }
    }
  }

  private async guard(work: () => Promise<void>): Promise<void> {
    try {
      await work();
    } catch (error) {
      if (error instanceof UnauthorizedError) {
        this.connection.close();
        this.store.setUnauthorized();
        return;
      }
      this.store.notice('API', error instanceof Error ? error.message : String(error));
    }
  }
}

