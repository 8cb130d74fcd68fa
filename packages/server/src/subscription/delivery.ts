import type { OutboundFrame } from '../outbound-frames';
import { historyShouldWait, liveVerdict, pendingVerdict, type DeliveryLimits } from './backpressure';

/** One client connection, as deliveries see it. */
export interface FrameSink {
  /** Bytes queued in the socket and not yet handed to the OS. */
  readonly bufferedAmount: number;
  readonly isOpen: boolean;
  /** Resolves when the frame has been handed to the OS, or the socket is gone. Never rejects. */
  send(frame: OutboundFrame): Promise<void>;
  /** Sends SLOW_CONSUMER and drops the connection; the client resumes from its last seq. */
  dropSlowConsumer(sessionId: string): void;
}

/**
 * The history of a session after the client's seq, up to (excluding) the seq
 * live delivery starts at. `emit` resolves false when the reader should stop.
 */
export type HistoryReader = (emit: (frame: OutboundFrame) => Promise<boolean>) => Promise<void>;

type DeliveryState = 'replaying' | 'live' | 'ended';

/**
 * One client watching one session: `subscribed`, history events, `caught-up`,
 * then live events. The session registers the subscription and notes where the
 * live stream starts in the same synchronous step as its appends, so an event
 * is either in the history (read from the log, seq < start) or live (seq ≥
 * start), never both and never neither. Live events arriving during the history
 * wait in `pending` and follow `caught-up`.
 */
export class Subscription {
  private state: DeliveryState = 'replaying';
  private pending: OutboundFrame[] = [];
  private pendingBytes = 0;

  constructor(
    readonly sessionId: string,
    private readonly sink: FrameSink,
    private readonly limits: DeliveryLimits,
    private readonly onEnd: (subscription: Subscription) => void,
  ) {}

  get ended(): boolean {
    return this.state === 'ended';
  }

  /** Runs the history phase, then switches to live. Resolves when live (or ended). */
  async start(opening: OutboundFrame, history: HistoryReader, caughtUp: OutboundFrame, onFailure: (error: unknown) => void): Promise<void> {
    void this.sink.send(opening);
    try {
      await history(async (frame) => {
        if (this.state !== 'replaying' || !this.sink.isOpen) return false;
        const sent = this.sink.send(frame);
        // Pace the reader by the socket instead of buffering the whole history in memory.
        if (historyShouldWait(this.sink.bufferedAmount, this.limits)) await sent;
        return this.state === 'replaying' && this.sink.isOpen;
      });
    } catch (error) {
      if (this.state === 'replaying') {
        this.end();
        onFailure(error);
      }
      return;
    }
    if (this.state !== 'replaying') return;
    void this.sink.send(caughtUp);
    const queued = this.pending;
    this.pending = [];
    this.pendingBytes = 0;
    this.state = 'live';
    for (const frame of queued) this.deliver(frame);
  }

  /** A live event frame (shared by every subscriber of the session). */
  deliver(frame: OutboundFrame): void {
    switch (this.state) {
      case 'replaying':
        if (pendingVerdict(this.pendingBytes, frame.bytes, this.limits) === 'slow-consumer') return this.dropSlowConsumer();
        this.pending.push(frame);
        this.pendingBytes += frame.bytes;
        return;
      case 'live':
        if (!this.sink.isOpen) return this.end();
        if (liveVerdict(this.sink.bufferedAmount, frame.bytes, this.limits) === 'slow-consumer') return this.dropSlowConsumer();
        void this.sink.send(frame);
        return;
      case 'ended':
        return;
    }
  }

  /** Stops delivery (unsubscribe, disconnect, session closing). */
  end(): void {
    if (this.state === 'ended') return;
    this.state = 'ended';
    this.pending = [];
    this.pendingBytes = 0;
    this.onEnd(this);
  }

  private dropSlowConsumer(): void {
    this.end();
    this.sink.dropSlowConsumer(this.sessionId);
  }
}
