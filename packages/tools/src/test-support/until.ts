import { onTestFailed, onTestFinished } from 'vitest';

/** Taken at import, so a test that fakes timers (`vi.useFakeTimers()`) can still wait on real events. */
const realSetTimeout = globalThis.setTimeout;

/**
 * Waits until `condition` holds, checking it every 10 ms: a function that returns `false`
 * or throws (an `expect`) has not held yet; anything else has.
 *
 * It has no deadline of its own. The test's timeout bounds the wait, so a slow machine
 * makes a test slower, never red; and a test that waits for an event cannot pass merely
 * because something was slow, as a fixed sleep followed by an assertion can. Should the
 * test fail while the wait is pending (its timeout), the console says what it was waiting
 * for (`what`, and the condition's last error) and the poll stops.
 *
 * Shared by the node packages' tests and the web tests: it needs nothing but timers.
 */
export async function until(condition: () => unknown, what?: string | (() => string)): Promise<void> {
  let lastError: unknown;
  const holds = (): boolean => {
    try {
      const result = condition();
      lastError = undefined;
      return result !== false;
    } catch (error) {
      lastError = error;
      return false;
    }
  };
  if (holds()) return;
  const waiting = stillWaiting(() => {
    const named = typeof what === 'function' ? what() : what;
    const why = lastError instanceof Error ? lastError.message : lastError === undefined ? undefined : String(lastError);
    return [named ?? 'a condition', why].filter(Boolean).join(': ');
  });
  try {
    while (!holds()) {
      if (waiting.testOver) throw new Error(`the test ended while waiting for ${typeof what === 'string' ? what : 'a condition'}`);
      await new Promise((resolve) => realSetTimeout(resolve, 10));
    }
  } finally {
    waiting.done();
  }
}

export interface PendingWait {
  /** The test has finished (failed on its timeout, most likely): stop waiting. */
  readonly testOver: boolean;
  /** The wait is over; nothing will be reported for it. */
  done(): void;
}

/**
 * For a wait bounded by the test's own timeout: if the test fails while the wait is still
 * pending, prints `still waiting for <describe()>` so the failure says what never came.
 * Outside a test (a beforeAll hook) it does nothing: the hook's timeout bounds that wait.
 */
export function stillWaiting(describe: () => string): PendingWait {
  let pending = true;
  let testOver = false;
  try {
    onTestFailed(() => {
      if (pending) console.error(`still waiting for ${describe()} when the test failed`);
    });
    onTestFinished(() => {
      testOver = true;
    });
  } catch {
    // Not inside a test.
  }
  return {
    get testOver() {
      return testOver;
    },
    done() {
      pending = false;
    },
  };
}
