import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { burstScheduler } from './burst-schedule';
import type { FrameScheduler } from './once-per-frame';

describe('burstScheduler', () => {
  let frames: (() => void)[];
  const frame: FrameScheduler = (callback) => {
    frames.push(callback);
    return () => void frames.splice(frames.indexOf(callback), 1);
  };
  const nextFrame = () => frames.splice(0).forEach((callback) => callback());

  beforeEach(() => {
    frames = [];
    vi.useFakeTimers();
  });
  afterEach(() => vi.useRealTimers());

  it('runs the first request in the next frame', () => {
    const schedule = burstScheduler(100, () => Date.now(), frame);
    const run = vi.fn();
    schedule(run);
    expect(run).not.toHaveBeenCalled();
    nextFrame();
    expect(run).toHaveBeenCalledTimes(1);
  });

  it('runs a second request within the interval in the next frame too (a call, then its result)', () => {
    const schedule = burstScheduler(100, () => Date.now(), frame);
    const run = vi.fn();
    schedule(run);
    nextFrame();
    vi.advanceTimersByTime(40);
    schedule(run);
    nextFrame();
    expect(run).toHaveBeenCalledTimes(2);
  });

  it('puts a third request during a burst off until the interval since the last run has passed, then waits for a frame', () => {
    const schedule = burstScheduler(100, () => Date.now(), frame);
    const run = vi.fn();
    schedule(run);
    nextFrame();
    vi.advanceTimersByTime(16);
    schedule(run);
    nextFrame();
    vi.advanceTimersByTime(16);
    schedule(run);
    nextFrame();
    expect(run).toHaveBeenCalledTimes(2);
    vi.advanceTimersByTime(83);
    nextFrame();
    expect(run).toHaveBeenCalledTimes(2);
    vi.advanceTimersByTime(1);
    expect(run).toHaveBeenCalledTimes(2);
    nextFrame();
    expect(run).toHaveBeenCalledTimes(3);
    // The pace holds while requests keep coming: only a run after a quiet spell lets the next one through at once.
    schedule(run);
    nextFrame();
    expect(run).toHaveBeenCalledTimes(3);
    vi.advanceTimersByTime(99);
    nextFrame();
    expect(run).toHaveBeenCalledTimes(3);
    vi.advanceTimersByTime(1);
    nextFrame();
    expect(run).toHaveBeenCalledTimes(4);
  });

  it('runs at once again after a quiet spell', () => {
    const schedule = burstScheduler(100, () => Date.now(), frame);
    const run = vi.fn();
    schedule(run);
    nextFrame();
    vi.advanceTimersByTime(150);
    schedule(run);
    nextFrame();
    expect(run).toHaveBeenCalledTimes(2);
  });

  it('cancels a put-off run, before and after its timer fired', () => {
    const schedule = burstScheduler(100, () => Date.now(), frame);
    const run = vi.fn();
    schedule(run);
    nextFrame();
    schedule(run);
    nextFrame();
    schedule(run)();
    vi.advanceTimersByTime(200);
    nextFrame();
    const cancel = schedule(run);
    vi.advanceTimersByTime(200);
    cancel();
    nextFrame();
    expect(run).toHaveBeenCalledTimes(2);
  });
});
