import type { WindowJob } from './highlight-window';

interface Entry {
  /** Windows: their id, newest highest. Warm-ups: below every window. */
  priority: number;
  job?: WindowJob;
  onDone(): void;
}

const BACKGROUND = -1;

/**
 * Runs the worker's jobs one chunk at a time, the most recently requested window first: the
 * card a reader just opened (or scrolled to) gets its visible rows before older cards finish,
 * and a card that unmounted is cancelled between two chunks. Warm-ups run only when no
 * window waits. A job whose grammar is still loading waits without holding the others up.
 */
export class HighlightQueue {
  private readonly entries = new Map<number, Entry>();
  private nextBackgroundKey = -1;
  private running = false;

  constructor(
    private readonly sliceMs: number,
    private readonly yieldTask: () => Promise<void>,
  ) {}

  /** A window's job (resolving once its grammar is loaded; undefined for none); `onDone` once it finished. */
  add(id: number, job: Promise<WindowJob | undefined>, onDone: () => void): void {
    this.enqueue(id, id, job, onDone);
  }

  /** Work to do when nothing else waits, oldest first; `onDone` once it finished. */
  addBackground(job: Promise<WindowJob | undefined>, onDone: () => void = () => undefined): void {
    this.enqueue(this.nextBackgroundKey--, BACKGROUND, job, onDone);
  }

  /** Drops a window; a chunk already handed over stays handed over, no `onDone` follows. */
  cancel(id: number): void {
    this.entries.delete(id);
  }

  get size(): number {
    return this.entries.size;
  }

  private enqueue(key: number, priority: number, job: Promise<WindowJob | undefined>, onDone: () => void): void {
    const entry: Entry = { priority, onDone };
    this.entries.set(key, entry);
    job.then(
      (ready) => {
        if (this.entries.get(key) !== entry) return; // cancelled meanwhile
        if (!ready) return this.finish(key, entry);
        entry.job = ready;
        void this.run();
      },
      () => {
        if (this.entries.get(key) === entry) this.finish(key, entry);
      },
    );
  }

  private async run(): Promise<void> {
    if (this.running) return;
    this.running = true;
    try {
      for (let next = this.pick(); next; next = this.pick()) {
        const [key, entry] = next;
        let more = false;
        try {
          more = entry.job!.step(this.sliceMs);
        } catch {
          // A grammar that throws leaves the rest of its window plain; the other jobs go on.
        }
        if (!more) this.finish(key, entry);
        await this.yieldTask();
      }
    } finally {
      this.running = false;
    }
  }

  /** The ready job of highest priority; among warm-ups, the oldest. */
  private pick(): [number, Entry] | undefined {
    let best: [number, Entry] | undefined;
    for (const candidate of this.entries) {
      if (candidate[1].job && (!best || candidate[1].priority > best[1].priority)) best = candidate;
    }
    return best;
  }

  private finish(key: number, entry: Entry): void {
    if (this.entries.get(key) !== entry) return;
    this.entries.delete(key);
    entry.onDone();
  }
}
