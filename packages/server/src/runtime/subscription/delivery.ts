import type { OutboundFrame } from '../../wire/outbound-frames';
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
 * Sends history frames paced by the socket: past the high-water mark it waits for the
 * socket to drain instead of buffering a whole history in memory. Resolves false once the
 * socket is gone.
 */
export function pacedEmitter(sink: FrameSink, limits: DeliveryLimits): (frame: OutboundFrame) => Promise<boolean> {
  return async (frame) => {
    if (!sink.isOpen) return false;
    const sent = sink.send(frame);
    if (historyShouldWait(sink.bufferedAmount, limits)) await sent;
    return sink.isOpen;
  };
}

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

  /**
   * Runs the history phase, then switches to live. Resolves when live (or ended).
   * `opening` may still be in the making (it says which seqs the history covers).
   */
  async start(
    opening: OutboundFrame | Promise<OutboundFrame>,
    history: HistoryReader,
    caughtUp: OutboundFrame,
    onFailure: (error: unknown) => void,
  ): Promise<void> {
    const paced = pacedEmitter(this.sink, this.limits);
    try {
      const first = await opening;
      if (this.state !== 'replaying') return;
      void this.sink.send(first);
      await history(async (frame) => this.state === 'replaying' && (await paced(frame)) && this.state === 'replaying');
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
