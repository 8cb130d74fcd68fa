/**
 * When a client is too slow. History is paced (we wait for the socket to
 * drain: the reader is ours to pause); live events cannot wait for one client,
 * so they queue in the socket up to a bound, and a client past it is dropped
 * and resumes from its last seq. Memory per client stays bounded either way.
 */
export interface DeliveryLimits {
  /** Unsent bytes a socket may hold before its client is dropped as a slow consumer. */
  maxBufferedBytes: number;
  /** History sending pauses while the socket holds more than this. */
  historyHighWaterBytes: number;
  /** Live frames queued while the history is still being sent. */
  maxPendingBytes: number;
}

export const DEFAULT_DELIVERY_LIMITS: DeliveryLimits = {
  maxBufferedBytes: 16 * 1024 * 1024,
  historyHighWaterBytes: 1024 * 1024,
  maxPendingBytes: 16 * 1024 * 1024,
};

export type LiveVerdict = 'send' | 'slow-consumer';

/** A live frame while the client is caught up. */
export function liveVerdict(bufferedAmount: number, frameBytes: number, limits: DeliveryLimits): LiveVerdict {
  // A single frame larger than the bound still goes to an idle socket: never starve one big event.
  if (bufferedAmount === 0) return 'send';
  return bufferedAmount + frameBytes > limits.maxBufferedBytes ? 'slow-consumer' : 'send';
}

/** A live frame that arrives while the client is still receiving history. */
export function pendingVerdict(pendingBytes: number, frameBytes: number, limits: DeliveryLimits): 'queue' | 'slow-consumer' {
  if (pendingBytes === 0) return 'queue';
  return pendingBytes + frameBytes > limits.maxPendingBytes ? 'slow-consumer' : 'queue';
}

export function historyShouldWait(bufferedAmount: number, limits: DeliveryLimits): boolean {
  return bufferedAmount > limits.historyHighWaterBytes;
}
