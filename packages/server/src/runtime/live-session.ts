import type { NewSessionEvent, SessionEvent, SessionHeader, ToolResultEvent } from '@toolcards/protocol';
import { LogSeqIndex, SessionLogChangedError, SessionLogWriteError, type LazySessionLog, type ReplayReport, type SessionStore } from '@toolcards/session';
import { callStateFrame, caughtUpFrame, errorFrame, eventFrame, filesChangedFrame, type OutboundFrame } from '../wire/outbound-frames';
import type { DeliveryLimits } from './subscription/backpressure';
import { pacedEmitter, Subscription, type FrameSink } from './subscription/delivery';
import { historyEndFrame, SessionHistory, subscribedFrame } from './subscription/session-history';
import type { HistoryItems } from './subscription/history-items';
import { ViewComputer, type Presenters } from './view-computation';

export interface LiveSessionDeps {
  store: SessionStore;
  presenters: Presenters;
  limits: DeliveryLimits;
  /** The log's seq index, when opening the session already built it (else made on first history read). */
  index?: LogSeqIndex;
  /** The history items the replay from the start serializes (a session opened from its tail). */
  historyItems?: HistoryItems;
}

/** How often events owed to the log (see `owe`) are tried again while the disk refuses them. */
const OWED_RETRY_MS = 2_000;

/**
 * A session open in this server: its log (read-only until the first append
 * takes the writer lock) plus everyone watching it. Every event goes through
 * `append`: write (synchronously), compute the view once, serialize once, hand
 * to each subscriber — all in one tick, which is what makes subscribe-vs-append
 * atomic. An event the log refuses is never delivered: watchers get a
 * LOG_WRITE_FAILED error frame instead, so what they saw live is what a replay shows.
 */
export class LiveSession {
  private readonly subscribers = new Set<Subscription>();
  /** Events that must reach the log before any other (ends of calls whose result could not be logged). */
  private readonly owed: NewSessionEvent[] = [];
  private owedRetry: NodeJS.Timeout | undefined;
  private lastActive = Date.now();
  private changedOnDisk = false;
  /** The log's history as clients read it; made on first use. */
  private historyReader: SessionHistory | undefined;
  /** Calls waiting for a tool slot: transient, so told to watchers (and to each new one) but never logged. */
  private readonly queuedCalls = new Set<string>();

  /**
   * `views` must already have seen every logged event (pass `remember` as the
   * visitor when opening the log), so results of earlier calls get their views.
   */
  constructor(
    private readonly log: LazySessionLog,
    /** Set once the replay from the start is done (a session opened from its tail is watched before). */
    public reopenReport: ReplayReport | undefined,
    private readonly views: ViewComputer,
    private readonly deps: LiveSessionDeps,
  ) {}

  get id(): string {
    return this.log.id;
  }

  get header(): SessionHeader {
    return this.log.header;
  }

  get nextSeq(): number {
    return this.log.nextSeq;
  }

  get subscriberCount(): number {
    return this.subscribers.size;
  }

  /** When an event was last logged here (or the session opened), for closing idle sessions. */
  get lastActiveAt(): number {
    return this.lastActive;
  }

  /** Another process wrote the log since this session read it: it must be reopened to append. */
  get stale(): boolean {
    return this.changedOnDisk;
  }

  /**
   * Logs the event and delivers it live. Throws (nothing logged or sent) if the
   * log refuses it; a disk that refuses it also earns every watcher a
   * LOG_WRITE_FAILED error frame. Owed events go first: the log stays in order.
   */
  append(next: NewSessionEvent, now?: Date): SessionEvent {
    try {
      this.writeOwed();
      return this.write(next, now);
    } catch (error) {
      this.tellWatchers(error, next);
      throw error;
    }
  }

  /**
   * An event that could not be logged now but must be before anything else
   * (a call's result: without it the card would stay pending). Logged by the
   * next append, by a retry every few seconds, or — if the server stops
   * first — by reopening (UnfinishedWork). An owed result's call is told to
   * watchers as `unsaved` (its tool has ended, its card must not say it runs)
   * until that result is logged and delivered.
   */
  owe(event: NewSessionEvent): void {
    this.owed.push(event);
    if (event.type === 'tool/result') this.tellSubscribers(callStateFrame(this.id, event.data.callId, 'unsaved'));
    this.scheduleOwedRetry();
  }

  /** A call waits for a tool slot: every watcher is told, and so is anyone who subscribes while it waits. */
  callQueued(callId: string): void {
    this.queuedCalls.add(callId);
    this.tellSubscribers(callStateFrame(this.id, callId, 'queued'));
  }

  /**
   * A queued call left the queue: `started` tells watchers it runs now; otherwise
   * (cancelled while waiting) nothing is sent, its result event ends the card.
   */
  callDequeued(callId: string, started: boolean): void {
    if (!this.queuedCalls.delete(callId)) return;
    if (started) this.tellSubscribers(callStateFrame(this.id, callId, 'running'));
  }

  /** Files the session's cards show changed on disk: every watcher is told, to ask again. */
  filesChanged(paths: string[]): void {
    if (paths.length > 0) this.tellSubscribers(filesChangedFrame(this.id, paths));
  }

  /**
   * Starts delivering to `sink` every event after `afterSeq` (or only the last `tail` of
   * them), then live ones. Synchronous up to the registration: `liveFrom` and membership
   * are fixed before any other append can run.
   */
  subscribe(sink: FrameSink, afterSeq: number, onFailure: (message: string) => void, tail?: number): Subscription {
    const liveFrom = this.log.nextSeq;
    const subscription = new Subscription(this.id, sink, this.deps.limits, (ended) => this.subscribers.delete(ended));
    this.subscribers.add(subscription);
    // Held until after caught-up, like live events: the calls waiting or unsaved now, then any change to them.
    for (const callId of this.queuedCalls) subscription.deliver(callStateFrame(this.id, callId, 'queued'));
    for (const callId of this.unsavedCalls()) subscription.deliver(callStateFrame(this.id, callId, 'unsaved'));
    const history = this.history();
    const range = history.subscribeRange(afterSeq, liveFrom, tail);
    const opening = range.then((covered) => subscribedFrame(this.header, covered));
    void subscription.start(opening, async (emit) => history.send(await range, emit), caughtUpFrame(this.id, liveFrom - 1), (error) => {
      const message = `could not read the history of session ${this.id}: ${(error as Error).message}`;
      void sink.send(errorFrame({ code: 'INTERNAL', message, sessionId: this.id }));
      onFailure(message);
    });
    return subscription;
  }

  /** Sends up to `limit` events before `beforeSeq` to `sink` (history frames), then `history-end`. */
  async sendOlder(sink: FrameSink, beforeSeq: number, limit: number): Promise<void> {
    const history = this.history();
    const range = await history.olderRange(Math.min(beforeSeq, this.log.nextSeq), limit);
    await history.send(range, pacedEmitter(sink, this.deps.limits));
    if (sink.isOpen) await sink.send(historyEndFrame(this.id, range));
  }

  /** The logged result of a call in full, model-facing content and meta included. */
  resultOf(callId: string): Promise<ToolResultEvent | undefined> {
    return this.history().resultOf(callId);
  }

  /** Visits the logged events with seq in [fromSeq, beforeSeq), in order, through the log's seq index. */
  readLogged(fromSeq: number, beforeSeq: number, visit: (event: SessionEvent) => void): Promise<void> {
    return this.history().readLogged(fromSeq, beforeSeq, visit);
  }

  /** Every event, in order (a driver's conversation; tests). */
  async events(): Promise<SessionEvent[]> {
    const liveFrom = this.log.nextSeq;
    const events: SessionEvent[] = [];
    if (liveFrom === 0) return events;
    await this.deps.store.replay(this.id, (event) => {
      if (event.seq >= liveFrom) return false;
      events.push(event);
      return event.seq < liveFrom - 1;
    });
    return events;
  }

  /** Ends every subscription and closes the log. Running work must be settled first. */
  close(): void {
    clearTimeout(this.owedRetry);
    if (this.owed.length > 0 && !this.log.closed) {
      try {
        this.writeOwed();
      } catch {
        // Reopening closes these calls (UnfinishedWork).
      }
    }
    for (const subscriber of [...this.subscribers]) subscriber.end();
    this.log.close();
  }

  /** `now`: the event's time (a mirrored transcript's own); default the clock. */
  private write(next: NewSessionEvent, now?: Date): SessionEvent {
    let event: SessionEvent;
    try {
      event = this.log.append(next, now);
    } catch (error) {
      if (error instanceof SessionLogChangedError) this.changedOnDisk = true;
      throw error;
    }
    this.lastActive = Date.now();
    const frame = eventFrame(this.id, event, this.views.viewFor(event));
    for (const subscriber of this.subscribers) subscriber.deliver(frame);
    return event;
  }

  private tellSubscribers(frame: OutboundFrame): void {
    for (const subscriber of this.subscribers) subscriber.deliver(frame);
  }

  /** Calls whose result is owed to the log: the owed queue is the one record of them. */
  private unsavedCalls(): string[] {
    return this.owed.flatMap((event) => (event.type === 'tool/result' ? [event.data.callId] : []));
  }

  private writeOwed(): void {
    while (this.owed.length > 0) {
      this.write(this.owed[0] as NewSessionEvent);
      this.owed.shift();
    }
  }

  private scheduleOwedRetry(): void {
    if (this.owedRetry !== undefined || this.owed.length === 0) return;
    this.owedRetry = setTimeout(() => {
      this.owedRetry = undefined;
      if (this.log.closed) return;
      try {
        this.writeOwed();
      } catch {
        this.scheduleOwedRetry();
      }
    }, OWED_RETRY_MS);
    this.owedRetry.unref();
  }

  /** Only a refusing disk is news for every watcher; other refusals answer the one who asked. */
  private tellWatchers(error: unknown, next: NewSessionEvent): void {
    if (!(error instanceof SessionLogWriteError)) return;
    const message = `${describeUnlogged(next)} could not be saved, so it was not shown: ${error.message}`;
    const frame = errorFrame({ code: 'LOG_WRITE_FAILED', message, sessionId: this.id });
    for (const subscriber of this.subscribers) subscriber.deliver(frame);
  }

  private history(): SessionHistory {
    this.historyReader ??= new SessionHistory(this.deps.index ?? new LogSeqIndex(this.deps.store.logPath(this.id)), this.id, this.deps.presenters, this.deps.historyItems);
    return this.historyReader;
  }
}

/** The event a failed append was about, in the words of the person watching. */
function describeUnlogged(next: NewSessionEvent): string {
  switch (next.type) {
    case 'tool/call':
      return `call ${next.data.callId} (${next.data.name})`;
    case 'tool/result':
      return `the result of call ${next.data.callId}`;
    case 'user/message':
      return 'a message';
    case 'assistant/text':
      return 'model output';
    case 'turn/end':
      return 'the end of the turn';
  }
}
