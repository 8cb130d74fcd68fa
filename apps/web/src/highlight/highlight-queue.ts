import type { WindowJob } from './highlight-window';

interface Entry {
  /** Windows: their id, newest highest. Warm-ups: below every window. */
  priority: number;
  job?: WindowJob;
  /** A warm-up's preparation (its grammar's loading), started when its turn comes. */
  prepare?: () => Promise<WindowJob | undefined>;
  /** It has had a chunk: its visible rows are coloured, what is left can wait for a newer window's first. */
  started?: boolean;
  onDone(): void;
}

const BACKGROUND = -1;

/** Windows not yet started rank above those started, and both above warm-ups; newest first within each. */
function rank(entry: Entry): number {
  if (entry.priority === BACKGROUND) return -Infinity;
  return entry.started ? entry.priority : entry.priority + FRESH_BONUS;
}
/** Above every window id (ids count up from 1 per page). */
const FRESH_BONUS = 2 ** 40;

/**
 * Runs the worker's jobs one chunk at a time: every window's first chunk (the rows on screen)
 * before any window's later chunks, the most recently requested first among each — the card a
 * reader just opened (or scrolled to) gets its visible rows before older cards finish, and a
 * window whose grammar was still loading gets its first chunk as soon as it is ready, not after
 * a newer window's last — and a card that unmounted is cancelled between two chunks. Warm-ups run only when no
 * window waits, one at a time in the order asked: a warm-up's grammar starts loading only
 * then too (loading and compiling a grammar is one long step that cannot yield), so warm-ups
 * asked at the page's start never stand between a window that just arrived and its grammar.
 * A window whose grammar is still loading waits without holding the others up.
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

  /**
   * Work to do when nothing else waits, oldest first: `prepare` is called once no window is
   * queued and no other warm-up is under way; `onDone` once it finished.
   */
  addBackground(prepare: () => Promise<WindowJob | undefined>, onDone: () => void = () => undefined): void {
    this.entries.set(this.nextBackgroundKey--, { priority: BACKGROUND, prepare, onDone });
    this.startBackground();
  }

  /** Drops a window; a chunk already handed over stays handed over, no `onDone` follows. */
  cancel(id: number): void {
    this.entries.delete(id);
    this.startBackground();
  }

  get size(): number {
    return this.entries.size;
  }

  private enqueue(key: number, priority: number, job: Promise<WindowJob | undefined>, onDone: () => void): void {
    const entry: Entry = { priority, onDone };
    this.entries.set(key, entry);
    this.await(key, entry, job);
  }

  private await(key: number, entry: Entry, job: Promise<WindowJob | undefined>): void {
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
        entry.started = true;
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

  /** The ready job to step next: a window's first chunk, else the highest priority; among warm-ups, the oldest. */
  private pick(): [number, Entry] | undefined {
    let best: [number, Entry] | undefined;
    for (const candidate of this.entries) {
      if (candidate[1].job && (!best || rank(candidate[1]) > rank(best[1]))) best = candidate;
    }
    return best;
  }

  private finish(key: number, entry: Entry): void {
    if (this.entries.get(key) !== entry) return;
    this.entries.delete(key);
    entry.onDone();
    this.startBackground();
  }

  /** The oldest warm-up's preparation, when no window is queued and no warm-up is under way. */
  private startBackground(): void {
    let oldest: [number, Entry] | undefined;
    for (const candidate of this.entries) {
      const [key, entry] = candidate;
      if (entry.priority !== BACKGROUND) return; // a window is queued (ready or loading its grammar)
      if (!entry.prepare) return; // a warm-up is under way
      if (!oldest || key > oldest[0]) oldest = candidate; // background keys count down
    }
    if (!oldest) return;
    const [key, entry] = oldest;
    const prepare = entry.prepare!;
    delete entry.prepare;
    let job: Promise<WindowJob | undefined>;
    try {
      job = prepare();
    } catch (error) {
      job = Promise.reject(error);
    }
    this.await(key, entry, job);
  }
}
