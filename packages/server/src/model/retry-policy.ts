import { assertNever } from '@toolcards/protocol';
import type { ModelFailure } from './model-failure';

/**
 * When a failed model request is worth another try, and after how long. Our own
 * retries (the openai client's are off) so that each one is decided here, can
 * be cancelled, and is covered by tests.
 */
export interface RetryPolicy {
  /** Retries after the first try. */
  maxRetries: number;
  /** First backoff; doubles each retry. */
  baseDelayMs: number;
  maxDelayMs: number;
  /** A `retry-after` longer than this is not waited out: the turn ends and says how long. */
  maxRetryAfterMs: number;
}

export const DEFAULT_RETRY_POLICY: RetryPolicy = {
  maxRetries: 4,
  baseDelayMs: 1_000,
  maxDelayMs: 16_000,
  maxRetryAfterMs: 60_000,
};

export type RetryDecision = { retry: true; delayMs: number } | { retry: false };

/** `retriesDone`: how many retries already happened (0 after the first failure). */
export function retryDecision(
  failure: ModelFailure,
  retriesDone: number,
  policy: RetryPolicy,
  random: () => number = Math.random,
): RetryDecision {
  if (retriesDone >= policy.maxRetries) return { retry: false };
  switch (failure.kind) {
    case 'rate-limited':
      if (failure.retryAfterMs === undefined) return { retry: true, delayMs: backoffMs(retriesDone, policy, random) };
      return failure.retryAfterMs <= policy.maxRetryAfterMs ? { retry: true, delayMs: failure.retryAfterMs } : { retry: false };
    case 'server-error':
    case 'network':
      return { retry: true, delayMs: backoffMs(retriesDone, policy, random) };
    case 'key-refused':
    case 'request-refused':
    // Part of the answer is already in the log; asking again would repeat it.
    case 'stream-dropped':
    case 'unexpected':
      return { retry: false };
    default:
      return assertNever(failure, 'model failure');
  }
}

/** Exponential, capped, with jitter in [50 %, 100 %] so parallel sessions do not retry in step. */
export function backoffMs(retriesDone: number, policy: RetryPolicy, random: () => number = Math.random): number {
  const ceiling = Math.min(policy.maxDelayMs, policy.baseDelayMs * 2 ** retriesDone);
  return Math.round(ceiling * (0.5 + random() * 0.5));
}
