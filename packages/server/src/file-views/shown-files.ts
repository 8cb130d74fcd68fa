import type { FileWatches } from './file-watches';

/** Files one session watches at most; the longest-watched are dropped first. */
const MAX_FILES_PER_SESSION = 256;
/** Changes arriving this close together go out as one frame (a save touches a file several times). */
const BATCH_MS = 100;

/**
 * The files a session's read cards asked the freshness of, watched while the session is
 * open: a change is reported (batched) by the paths the cards use, so watchers can ask again.
 */
export class ShownFiles {
  /** Card path → stop watching. Map order is watch order, for dropping the oldest. */
  private readonly watched = new Map<string, () => void>();
  private changed = new Set<string>();
  private timer: NodeJS.Timeout | undefined;

  constructor(
    private readonly watches: FileWatches,
    private readonly report: (paths: string[]) => void,
  ) {}

  /** Watch `absolute`, reported as `shownPath`; watching it again only refreshes its place. */
  watch(shownPath: string, absolute: string): void {
    const existing = this.watched.get(shownPath);
    if (existing) {
      this.watched.delete(shownPath);
      this.watched.set(shownPath, existing);
      return;
    }
    if (this.watched.size >= MAX_FILES_PER_SESSION) {
      const [oldest, stop] = this.watched.entries().next().value as [string, () => void];
      stop();
      this.watched.delete(oldest);
    }
    this.watched.set(shownPath, this.watches.watch(absolute, () => this.changedNow(shownPath)));
  }

  get size(): number {
    return this.watched.size;
  }

  close(): void {
    clearTimeout(this.timer);
    this.timer = undefined;
    for (const stop of this.watched.values()) stop();
    this.watched.clear();
  }

  private changedNow(shownPath: string): void {
    this.changed.add(shownPath);
    this.timer ??= setTimeout(() => {
      this.timer = undefined;
      const paths = [...this.changed];
      this.changed = new Set();
      this.report(paths);
    }, BATCH_MS);
  }
}
