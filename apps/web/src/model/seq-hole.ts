/**
 * Tells a hole in a session's log from a lost frame. Over one socket no frame is lost, so a
 * gap in the seqs is either the server's mistake (a resync from what is held mends it) or a
 * seq the log does not have: a damaged line the server skips on every read. The second kind
 * shows up again at the same place after the resync; seen twice, it is taken as a hole and
 * the timeline goes on past it instead of resubscribing forever.
 */
export class SeqHoleCheck {
  private lastGap: { after: number; next: number } | undefined;

  /** A gap between `after` (the last seq held) and `next`: true when the same gap was seen just before. */
  seenAgain(after: number, next: number): boolean {
    const last = this.lastGap;
    if (last !== undefined && last.after === after && last.next === next) {
      this.lastGap = undefined;
      return true;
    }
    this.lastGap = { after, next };
    return false;
  }

  reset(): void {
    this.lastGap = undefined;
  }
}
