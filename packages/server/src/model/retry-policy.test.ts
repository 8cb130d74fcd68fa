import { describe, expect, it } from 'vitest';
import type { ModelFailure } from './model-failure';
import { backoffMs, retryDecision, type RetryPolicy } from './retry-policy';

const policy: RetryPolicy = { maxRetries: 3, baseDelayMs: 100, maxDelayMs: 350, maxRetryAfterMs: 5_000 };
const top = () => 0.999999;

describe('retryDecision', () => {
  it('retries server errors and unreachable APIs with a growing, capped backoff', () => {
    const failure: ModelFailure = { kind: 'server-error', status: 502, detail: '' };
    expect([0, 1, 2].map((done) => retryDecision(failure, done, policy, top))).toEqual([
      { retry: true, delayMs: 100 },
      { retry: true, delayMs: 200 },
      { retry: true, delayMs: 350 },
    ]);
    expect(retryDecision(failure, 3, policy)).toEqual({ retry: false });
    expect(retryDecision({ kind: 'network', detail: '' }, 0, policy, top)).toEqual({ retry: true, delayMs: 100 });
  });

  it('waits exactly what retry-after asks, up to the bound', () => {
    expect(retryDecision({ kind: 'rate-limited', retryAfterMs: 1_500, detail: '' }, 0, policy)).toEqual({ retry: true, delayMs: 1_500 });
    expect(retryDecision({ kind: 'rate-limited', retryAfterMs: 5_001, detail: '' }, 0, policy)).toEqual({ retry: false });
    expect(retryDecision({ kind: 'rate-limited', retryAfterMs: undefined, detail: '' }, 1, policy, top)).toEqual({
      retry: true,
      delayMs: 200,
    });
    expect(retryDecision({ kind: 'rate-limited', retryAfterMs: 10, detail: '' }, 3, policy)).toEqual({ retry: false });
  });

  it('never retries what another try cannot fix, nor a stream that already delivered text', () => {
    const final: ModelFailure[] = [
      { kind: 'key-refused', status: 401, detail: '' },
      { kind: 'request-refused', status: 400, detail: '' },
      { kind: 'stream-dropped', detail: '' },
      { kind: 'unexpected', detail: '' },
    ];
    for (const failure of final) expect(retryDecision(failure, 0, policy)).toEqual({ retry: false });
  });
});

describe('backoffMs', () => {
  it('jitters between half and all of the step', () => {
    expect(backoffMs(1, policy, () => 0)).toBe(100);
    expect(backoffMs(1, policy, top)).toBe(200);
  });
});
