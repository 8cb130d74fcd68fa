import { animationFrameScheduler, type FrameScheduler } from '../store/once-per-frame';

/** A card body waiting: `weight` is its row's estimated height, what its first layout costs. */
interface WaitingMount {
  mount: () => void;
  weight: number;
}

/**
 * Card bodies waiting to mount, let through a few per animation frame, the latest asked
 * first (rows mount in order, so that is the lowest on the page: the end a stream is
 * followed at). Each frame takes the first waiting body, then up to `perFrame` while their
 * estimated heights together stay within `weightPerFrame`: two small cards, or one tall one
 * (a long search card is 1,700 elements; two of them made a 60–85 ms frame). While held (a
 * fling past the rows) nothing mounts; the bodies still waiting mount once it is let go.
 */
export class RowMountQueue {
  private readonly waiting: WaitingMount[] = [];
  private cancelFrame: (() => void) | undefined;
  private held = false;

  constructor(
    private readonly perFrame: number,
    private readonly schedule: FrameScheduler = animationFrameScheduler,
    private readonly weightPerFrame = Infinity,
  ) {}

  /** `mount` runs in a coming frame; the function returned withdraws it (the row went away first). */
  request(mount: () => void, weight = 0): () => void {
    const entry = { mount, weight };
    this.waiting.push(entry);
    this.scheduleRelease();
    return () => {
      const index = this.waiting.lastIndexOf(entry);
      if (index >= 0) this.waiting.splice(index, 1);
    };
  }

  get size(): number {
    return this.waiting.length;
  }

  /** Nothing mounts until `letGo`: the rows asking go past faster than their cards could be laid out. */
  hold(): void {
    this.held = true;
    this.cancelFrame?.();
    this.cancelFrame = undefined;
  }

  letGo(): void {
    if (!this.held) return;
    this.held = false;
    this.scheduleRelease();
  }

  private scheduleRelease(): void {
    if (this.held || this.waiting.length === 0) return;
    this.cancelFrame ??= this.schedule(() => this.release());
  }

  private release(): void {
    this.cancelFrame = undefined;
    let weight = 0;
    for (let count = 0; count < this.perFrame && this.waiting.length > 0; count += 1) {
      const next = this.waiting.at(-1)!;
      if (count > 0 && weight + next.weight > this.weightPerFrame) break;
      this.waiting.pop();
      weight += next.weight;
      next.mount();
    }
    this.scheduleRelease();
  }
}
