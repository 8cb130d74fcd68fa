import { describe, expect, it } from 'vitest';
import { holdMountsWhileFlung } from './fling-hold';

/** A scroller the test moves, a clock and timers the test runs. */
function setup(following = () => false) {
  const scroller = document.createElement('div');
  let time = 0;
  const timers: { at: number; callback: () => void }[] = [];
  const calls: string[] = [];
  const frames: (() => void)[] = [];
  const stop = holdMountsWhileFlung(scroller, { hold: () => calls.push('hold'), letGo: () => calls.push('let go') }, {
    following,
    now: () => time,
    requestFrame: (callback) => {
      frames.push(callback);
      return () => void frames.splice(frames.indexOf(callback), 1);
    },
    setTimer: (callback, ms) => {
      const timer = { at: time + ms, callback };
      timers.push(timer);
      return () => void timers.splice(timers.indexOf(timer), 1);
    },
  });
  const scrollTo = (top: number, afterMs = 16) => {
    time += afterMs;
    scroller.scrollTop = top;
    scroller.dispatchEvent(new Event('scroll'));
  };
  const wait = (ms: number) => {
    time += ms;
    for (const timer of timers.filter((candidate) => candidate.at <= time)) {
      timers.splice(timers.indexOf(timer), 1);
      timer.callback();
    }
  };
  const frame = () => frames.splice(0).forEach((callback) => callback());
  return { scrollTo, wait, frame, calls, stop };
}

describe('holdMountsWhileFlung', () => {
  it('holds the cards during a fling and lets them go 120 ms and a frame after the last scroll', () => {
    const { scrollTo, wait, frame, calls } = setup();
    for (let top = 50; top <= 500; top += 50) scrollTo(top);
    expect(calls).toEqual(['hold']);
    wait(100);
    frame();
    expect(calls).toEqual(['hold']);
    wait(30);
    expect(calls).toEqual(['hold']);
    frame();
    expect(calls).toEqual(['hold', 'let go']);
  });

  it('stays held when the frames of a loaded page come further apart than the timer', () => {
    const { scrollTo, wait, frame, calls } = setup();
    for (let top = 150; top <= 1_500; top += 150) scrollTo(top, 50);
    expect(calls).toEqual(['hold']);
    // The timer fires 130 ms on, but that frame brings the next scroll first.
    wait(130);
    scrollTo(1_650, 0);
    frame();
    expect(calls).toEqual(['hold']);
  });

  it('never holds while the timeline follows its end', () => {
    const { scrollTo, calls } = setup(() => true);
    for (let top = 50; top <= 500; top += 50) scrollTo(top);
    expect(calls).toEqual([]);
  });

  it('lets the cards go when it stops watching mid-fling', () => {
    const { scrollTo, calls, stop } = setup();
    for (let top = 50; top <= 500; top += 50) scrollTo(top);
    stop();
    expect(calls).toEqual(['hold', 'let go']);
  });
});
