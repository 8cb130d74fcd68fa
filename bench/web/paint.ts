/**
 * Timing helpers of the bench page. "Painted at" is the time just after the frame that
 * first shows a state: the state is checked at the start of every frame (changes made by
 * ordinary tasks) and right after each of the app's own animation-frame callbacks and the
 * microtasks they queue (changes made inside a frame, such as the client's per-frame
 * batches and the synchronous render they trigger); the time is then taken in a task
 * posted from inside that frame, which runs once the frame has been rendered.
 */

interface Waiter {
  condition: () => boolean;
  resolve: (paintedAt: number) => void;
}

const waiters = new Set<Waiter>();
const nativeRequestAnimationFrame = window.requestAnimationFrame.bind(window);

// The app's rAF callbacks are followed by a check, queued after the microtasks they queue.
window.requestAnimationFrame = (callback: FrameRequestCallback): number =>
  nativeRequestAnimationFrame((time) => {
    callback(time);
    queueMicrotask(checkWaiters);
  });

function checkWaiters(): void {
  for (const waiter of waiters) {
    if (!waiter.condition()) continue;
    waiters.delete(waiter);
    afterCurrentFrame(waiter.resolve);
  }
}

function frameStartCheck(): void {
  checkWaiters();
  if (waiters.size > 0) nativeRequestAnimationFrame(frameStartCheck);
}

/** performance.now() just after the first frame in which `condition()` holds has been rendered. */
export function whenPainted(condition: () => boolean): Promise<number> {
  return new Promise((resolve) => {
    const idle = waiters.size === 0;
    waiters.add({ condition, resolve });
    if (idle) nativeRequestAnimationFrame(frameStartCheck);
  });
}

/** performance.now() just after the next frame has been rendered. */
export function afterNextPaint(): Promise<number> {
  return new Promise((resolve) => nativeRequestAnimationFrame(() => afterCurrentFrame(resolve)));
}

/** Called during a frame: resolves in a task that runs once that frame has been rendered. */
function afterCurrentFrame(resolve: (now: number) => void): void {
  const channel = new MessageChannel();
  channel.port1.onmessage = () => {
    channel.port1.close();
    resolve(performance.now());
  };
  channel.port2.postMessage(null);
}

/** A task after everything already queued on the posted-message task source. */
export function nextTask(): Promise<void> {
  return new Promise((resolve) => {
    const channel = new MessageChannel();
    channel.port1.onmessage = () => {
      channel.port1.close();
      resolve();
    };
    channel.port2.postMessage(null);
  });
}
