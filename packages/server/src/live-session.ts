import type { NewSessionEvent, SessionEvent, SessionHeader } from '@toolcards/protocol';
import type { ReplayReport, SessionLog, SessionStore } from '@toolcards/session';
import { caughtUpFrame, errorFrame, eventFrame, subscribedFrame } from './outbound-frames';
import type { DeliveryLimits } from './subscription/backpressure';
import { Subscription, type FrameSink, type HistoryReader } from './subscription/delivery';
import { ViewComputer, type Presenters } from './view-computation';

export interface LiveSessionDeps {
  store: SessionStore;
  presenters: Presenters;
  limits: DeliveryLimits;
}

/**
 * A session open in this server: its log writer plus everyone watching it.
 * Every event goes through `append`: write (synchronously), compute the view
 * once, serialize once, hand to each subscriber — all in one tick, which is
 * what makes subscribe-vs-append atomic.
 */
export class LiveSession {
  private readonly subscribers = new Set<Subscription>();

  /**
   * `views` must already have seen every logged event (pass `remember` as the
   * visitor when opening the log), so results of earlier calls get their views.
   */
  constructor(
    private readonly log: SessionLog,
    readonly reopenReport: ReplayReport | undefined,
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

  /** Logs the event and delivers it live. Throws (nothing logged or sent) if the log refuses it. */
  append(next: NewSessionEvent): SessionEvent {
    const event = this.log.append(next);
    const frame = eventFrame(this.id, event, this.views.viewFor(event));
    for (const subscriber of this.subscribers) subscriber.deliver(frame);
    return event;
  }

  /**
   * Starts delivering to `sink` every event after `afterSeq`, then live ones.
   * Synchronous up to the registration: `liveFrom` and membership are fixed
   * before any other append can run.
   */
  subscribe(sink: FrameSink, afterSeq: number, onFailure: (message: string) => void): Subscription {
    const liveFrom = this.log.nextSeq;
    const subscription = new Subscription(this.id, sink, this.deps.limits, (ended) => this.subscribers.delete(ended));
    this.subscribers.add(subscription);
    void subscription.start(subscribedFrame(this.header), this.historyReader(afterSeq, liveFrom), caughtUpFrame(this.id, liveFrom - 1), (error) => {
      const message = `could not read the history of session ${this.id}: ${(error as Error).message}`;
      void sink.send(errorFrame({ code: 'INTERNAL', message, sessionId: this.id }));
      onFailure(message);
    });
    return subscription;
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
    for (const subscriber of [...this.subscribers]) subscriber.end();
    this.log.close();
  }

  private historyReader(afterSeq: number, liveFrom: number): HistoryReader {
    return async (emit) => {
      if (afterSeq + 1 >= liveFrom) return;
      // A fresh computer per reader: history views come from the log alone, like a replay after restart.
      const views = new ViewComputer(this.deps.presenters);
      await this.deps.store.replay(this.id, async (event) => {
        if (event.seq >= liveFrom) return false;
        if (event.seq <= afterSeq) {
          views.remember(event);
          return true;
        }
        const more = await emit(eventFrame(this.id, event, views.viewFor(event)));
        return more && event.seq < liveFrom - 1;
      });
    };
  }
}
