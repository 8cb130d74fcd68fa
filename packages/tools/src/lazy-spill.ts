import { rm } from 'node:fs/promises';
import type { SpillStore, SpillWriter } from './tool';

/** What became of a capped result's full version. */
export type SpillOutcome =
  | { kind: 'not-needed' }
  | { kind: 'saved'; path: string }
  /** The cap dropped results but they could not be written (no store, or a write failed). */
  | { kind: 'unsaved' };

export const NOT_NEEDED: SpillOutcome = Object.freeze({ kind: 'not-needed' });

/**
 * For a result the cap did cut: where its full version is, shown as the
 * workspace shows paths. Nothing spilled (no store) counts as unsaved.
 */
export function shownSpill(outcome: SpillOutcome, display: (absolute: string) => string): SpillOutcome {
  switch (outcome.kind) {
    case 'saved':
      return { kind: 'saved', path: display(outcome.path) };
    case 'not-needed':
    case 'unsaved':
      return { kind: 'unsaved' };
  }
}

/**
 * A spill file opened on the first write, so results that fit inline never
 * touch the disk. Writes made while the file is opening wait in a short queue.
 */
export class LazySpill {
  private writer: SpillWriter | undefined;
  private opening: Promise<SpillWriter | undefined> | undefined;
  private queued: (string | Uint8Array)[] = [];
  private used = false;
  private unavailable = false;

  constructor(
    private readonly store: SpillStore | undefined,
    private readonly prefix: string,
  ) {}

  write(text: string | Uint8Array): void {
    this.used = true;
    if (this.store === undefined || this.unavailable) return;
    if (this.writer !== undefined) {
      this.writer.write(text);
      return;
    }
    this.queued.push(text);
    this.opening ??= this.open(this.store);
  }

  /** Closes the file and reports where the full result is. */
  async finish(): Promise<SpillOutcome> {
    if (!this.used) return { kind: 'not-needed' };
    const writer = await this.opening;
    if (writer === undefined) return { kind: 'unsaved' };
    return (await writer.close()) ? { kind: 'saved', path: writer.path } : { kind: 'unsaved' };
  }

  /** For a search that failed midway: a partial file would mislead, so remove it. */
  async discard(): Promise<void> {
    const writer = await this.opening;
    if (writer === undefined) return;
    await writer.close();
    await rm(writer.path, { force: true }).catch(() => undefined);
  }

  private async open(store: SpillStore): Promise<SpillWriter | undefined> {
    const writer = await store.create(this.prefix);
    if (writer !== undefined) {
      for (const text of this.queued) writer.write(text);
      this.writer = writer;
    } else {
      this.unavailable = true;
    }
    this.queued = [];
    return writer;
  }
}
