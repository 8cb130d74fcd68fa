import { describe, expect, it } from 'vitest';
import { holdMountsWhileFlung } from './fling-hold';

/** A scroller the test moves, a clock and timers the test runs. */
function setup(following = () => false) {
  const scroller = document.createElement('div');
  let time = 0;
  const timers: { at: number; callback: () => void }[] = [];
  const calls: string[] = [];
  const stop = holdMountsWhileFlung(scroller, { hold: () => calls.push('hold'), letGo: () => calls.push('let go') }, {
    following,
    now: () => time,
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
  return { scrollTo, wait, calls, stop };
}

describe('holdMountsWhileFlung', () => {
  it('holds the cards during a fling and lets them go 120 ms after the last scroll', () => {
    const { scrollTo, wait, calls } = setup();
    for (let top = 50; top <= 500; top += 50) scrollTo(top);
    expect(calls).toEqual(['hold']);
    wait(100);
    expect(calls).toEqual(['hold']);
    wait(30);
    expect(calls).toEqual(['hold', 'let go']);
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
