/**
 * Turns the model's many tiny text deltas into fewer `assistant/text` events:
 * at most one every `intervalMs`, so the log and the WebSocket are not flooded
 * while the text still appears live. Emits are chained, so they stay in order
 * even when the callback is async.
 */
export class AssistantTextBatcher {
  #pending = '';
  #timer: ReturnType<typeof setTimeout> | undefined;
  #chain: Promise<void> = Promise.resolve();
  #failure: { error: unknown } | undefined;

  constructor(
    private readonly emitDelta: (delta: string) => unknown,
    private readonly intervalMs = 30,
  ) {}

  add(delta: string): void {
    if (delta === '') return;
    this.#pending += delta;
    if (this.intervalMs <= 0) {
      this.#emitPending();
      return;
    }
    this.#timer ??= setTimeout(() => {
      this.#timer = undefined;
      this.#emitPending();
    }, this.intervalMs);
  }

  /** Emits what is pending and waits for every emit so far; rethrows the first emit failure. */
  async flush(): Promise<void> {
    if (this.#timer !== undefined) clearTimeout(this.#timer);
    this.#timer = undefined;
    this.#emitPending();
    await this.#chain;
    if (this.#failure) throw this.#failure.error;
  }

  #emitPending(): void {
    if (this.#pending === '') return;
    const delta = this.#pending;
    this.#pending = '';
    this.#chain = this.#chain.then(async () => {
      // After a failed append the log is in trouble; later text is not appended out of order.
      if (this.#failure) return;
      try {
        await this.emitDelta(delta);
      } catch (error) {
        this.#failure = { error };
      }
    });
  }
}
