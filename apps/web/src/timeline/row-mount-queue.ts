import { animationFrameScheduler, type FrameScheduler } from '../store/once-per-frame';

/**
 * Card bodies waiting to mount, let through a few per animation frame, the latest asked
 * first (rows mount in order, so that is the lowest on the page: the end a stream is
 * followed at). Each frame then styles, lays out and paints a couple of new cards, not a
 * screenful at once.
 */
export class RowMountQueue {
  private readonly waiting: (() => void)[] = [];
  private cancelFrame: (() => void) | undefined;

  constructor(
    private readonly perFrame: number,
    private readonly schedule: FrameScheduler = animationFrameScheduler,
  ) {}

  /** `mount` runs in a coming frame; the function returned withdraws it (the row went away first). */
  request(mount: () => void): () => void {
    this.waiting.push(mount);
    this.cancelFrame ??= this.schedule(() => this.release());
    return () => {
      const index = this.waiting.lastIndexOf(mount);
      if (index >= 0) this.waiting.splice(index, 1);
    };
  }

  get size(): number {
    return this.waiting.length;
  }

  private release(): void {
    this.cancelFrame = undefined;
    for (let count = 0; count < this.perFrame; count += 1) {
      const mount = this.waiting.pop();
      if (mount === undefined) break;
      mount();
    }
    if (this.waiting.length > 0) this.cancelFrame = this.schedule(() => this.release());
  }
}
