/**
 * How many bad frames one connection may send before it is closed. A working
 * client sends none; a buggy one gets errors it can read; a client that keeps
 * sending them (even one byte each, every answer costing us a reply) is cut off.
 */
export interface BadFrameLimits {
  /** Bad frames allowed in a burst… */
  maxBadFrames: number;
  /** …refilled evenly over this window. */
  windowMs: number;
}

export const DEFAULT_BAD_FRAME_LIMITS: BadFrameLimits = { maxBadFrames: 32, windowMs: 10_000 };

/** A leaky bucket: no burst at a window's edge, O(1) memory. */
export class BadFrameBudget {
  private level = 0;
  private last: number;

  constructor(
    private readonly limits: BadFrameLimits,
    private readonly now: () => number = Date.now,
  ) {
    this.last = now();
  }

  /** Counts one bad frame; false once the connection is over its budget. */
  spend(): boolean {
    const time = this.now();
    const drained = ((time - this.last) * this.limits.maxBadFrames) / this.limits.windowMs;
    this.level = Math.max(0, this.level - drained) + 1;
    this.last = time;
    return this.level <= this.limits.maxBadFrames;
  }
}
