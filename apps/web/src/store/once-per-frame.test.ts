import { describe, expect, it } from 'vitest';
import { OncePerFrame } from './once-per-frame';

function manualFrames() {
  const queued: Array<() => void> = [];
  return {
    schedule: (callback: () => void) => {
      queued.push(callback);
      return () => queued.splice(queued.indexOf(callback), 1);
    },
    tick: () => queued.splice(0).forEach((callback) => callback()),
    get pending() {
      return queued.length;
    },
  };
}

describe('OncePerFrame', () => {
  it('runs once per frame however often it is asked', () => {
    const frames = manualFrames();
    let runs = 0;
    const once = new OncePerFrame(() => (runs += 1), frames.schedule);
    for (let index = 0; index < 1000; index += 1) once.request();
    expect(frames.pending).toBe(1);
    frames.tick();
    expect(runs).toBe(1);
    once.request();
    frames.tick();
    expect(runs).toBe(2);
  });

  it('flushes now on demand and can be disposed', () => {
    const frames = manualFrames();
    let runs = 0;
    const once = new OncePerFrame(() => (runs += 1), frames.schedule);
    once.flush();
    expect(runs).toBe(0);
    once.request();
    once.flush();
    expect(runs).toBe(1);
    expect(frames.pending).toBe(0);
    once.request();
    once.dispose();
    frames.tick();
    expect(runs).toBe(1);
  });
});
