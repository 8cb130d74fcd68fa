/** Main-thread tasks over 50 ms, as the Long Tasks API reports them (buffered: none are missed before observing). */
export class LongTaskRecorder {
  private readonly entries: PerformanceEntry[] = [];
  private readonly observer: PerformanceObserver;

  constructor() {
    this.observer = new PerformanceObserver((list) => {
      this.entries.push(...list.getEntries());
    });
    this.observer.observe({ type: 'longtask', buffered: true });
  }

  /** Longest task overlapping [from, to] in ms; 0 when there was none over 50 ms. */
  longestBetween(from: number, to: number): number {
    this.flush();
    let longest = 0;
    for (const entry of this.entries) {
      if (entry.startTime + entry.duration < from || entry.startTime > to) continue;
      longest = Math.max(longest, entry.duration);
    }
    return longest;
  }

  countBetween(from: number, to: number): number {
    this.flush();
    return this.entries.filter((entry) => entry.startTime + entry.duration >= from && entry.startTime <= to).length;
  }

  private flush(): void {
    this.entries.push(...this.observer.takeRecords());
  }
}
