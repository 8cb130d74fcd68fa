import { MAX_PIN_LABEL, type Pin, type PinsResponse } from '@toolcards/protocol';

/** Where a session's pins come from and go to (the server's pins routes, through the client). */
export interface PinsSource {
  pins(sessionId: string): Promise<PinsResponse>;
  savePins(sessionId: string, pins: readonly Pin[]): Promise<PinsResponse>;
}

export interface PinsSnapshot {
  status: 'loading' | 'ready' | 'failed';
  /** In seq order. */
  pins: readonly Pin[];
  /** The server's note (a malformed pins file set aside), or why a load or a save failed. */
  note?: string;
}

/**
 * The open session's pins, framework-free (React reads it with useSyncExternalStore): loaded
 * once, changed at once on the page (a pin shows as the click lands) and saved behind it;
 * saves go one after the other, each with the whole list, so the last click is what is kept.
 * A failed save reloads what the server has and says why.
 */
export class SessionPins {
  private snapshot: PinsSnapshot = { status: 'loading', pins: [] };
  private readonly listeners = new Set<() => void>();
  private saving: Promise<unknown> = Promise.resolve();
  private closed = false;

  constructor(
    readonly sessionId: string,
    private readonly source: PinsSource,
    private readonly now: () => Date = () => new Date(),
  ) {}

  readonly subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  readonly getSnapshot = (): PinsSnapshot => this.snapshot;

  async load(): Promise<void> {
    try {
      const answer = await this.source.pins(this.sessionId);
      this.publish({ status: 'ready', pins: answer.pins, ...(answer.note === undefined ? {} : { note: answer.note }) });
    } catch (error) {
      this.publish({ status: 'failed', pins: this.snapshot.pins, note: `The pins could not be loaded: ${messageOf(error)}` });
    }
  }

  isPinned(seq: number): boolean {
    return this.snapshot.pins.some((pin) => pin.seq === seq);
  }

  /** Pins card `seq` (its label: the card's title), or unpins it. */
  toggle(seq: number, label: string): Promise<void> {
    const pins = this.isPinned(seq)
      ? this.snapshot.pins.filter((pin) => pin.seq !== seq)
      : [...this.snapshot.pins, { seq, label: label.slice(0, MAX_PIN_LABEL), pinnedAt: this.now().toISOString() }].sort((a, b) => a.seq - b.seq);
    this.publish({ status: 'ready', pins });
    const save = this.saving.then(async () => {
      if (this.closed) return;
      try {
        await this.source.savePins(this.sessionId, pins);
      } catch (error) {
        const note = `The pin could not be saved: ${messageOf(error)}`;
        await this.load();
        this.publish({ ...this.snapshot, note });
      }
    });
    this.saving = save;
    return save;
  }

  /** Another session opened: nothing more is published. */
  close(): void {
    this.closed = true;
    this.listeners.clear();
  }

  private publish(next: PinsSnapshot): void {
    if (this.closed) return;
    this.snapshot = next;
    for (const listener of this.listeners) listener();
  }
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
