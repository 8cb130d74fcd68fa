import { describe, expect, it } from 'vitest';
import { median } from '../stats';
import { ingestRun, lateOverEarly, liveSessionFrames, parseRun } from './store-ingest';

describe('store-ingest bench parts', () => {
  it('feeds every generated event to the store, one timing per batch', () => {
    const texts = liveSessionFrames(1_000);
    const { frames } = parseRun(texts, 128);
    expect(frames).toHaveLength(1_000);
    const run = ingestRun(frames, 128);
    expect(run.batchMs).toHaveLength(Math.ceil(1_000 / 128));
    // 250 calls with their results merged in, 250 user messages, one assistant message per 64 seqs.
    expect(run.rows).toBe(250 + 250 + Math.ceil(1_000 / 64));
  });

  it('compares the last tenth of the batches with the first', () => {
    expect(lateOverEarly([1, 1, 1, 1, 1, 1, 1, 1, 1, 1], median)).toBe(1);
    expect(lateOverEarly([1, 2, 2, 2, 2, 2, 2, 2, 2, 3], median)).toBe(3);
    expect(Number.isFinite(lateOverEarly([0, 1, 1, 1, 1, 1, 1, 1, 1, 1], median))).toBe(true);
  });
});
