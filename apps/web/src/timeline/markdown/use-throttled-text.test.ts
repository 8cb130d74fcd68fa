import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useThrottledText } from './use-throttled-text';

describe('useThrottledText', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  function setup(initial: string) {
    return renderHook(({ text }) => useThrottledText(text, 100), { initialProps: { text: initial } });
  }

  it('shows the first text at once', () => {
    expect(setup('Hello').result.current).toBe('Hello');
  });

  it('changes at most every 100 ms while the text grows, and always ends on the final text', () => {
    const hook = setup('a');
    act(() => vi.advanceTimersByTime(10));
    hook.rerender({ text: 'ab' });
    expect(hook.result.current).toBe('a');
    act(() => vi.advanceTimersByTime(50));
    hook.rerender({ text: 'abc' });
    expect(hook.result.current).toBe('a');
    act(() => vi.advanceTimersByTime(39));
    expect(hook.result.current).toBe('a');
    act(() => vi.advanceTimersByTime(1)); // 100 ms after 'a' was shown
    expect(hook.result.current).toBe('abc');

    hook.rerender({ text: 'abcd' });
    expect(hook.result.current).toBe('abc');
    act(() => vi.advanceTimersByTime(99));
    expect(hook.result.current).toBe('abc');
    act(() => vi.advanceTimersByTime(1));
    expect(hook.result.current).toBe('abcd');
  });

  it('takes a growth at once when the last change is older than the interval', () => {
    const hook = setup('a');
    act(() => vi.advanceTimersByTime(500));
    hook.rerender({ text: 'ab' });
    act(() => vi.advanceTimersByTime(0));
    expect(hook.result.current).toBe('ab');
  });

  it('shows a text that does not extend the last one at once', () => {
    const hook = setup('first message');
    hook.rerender({ text: 'other' });
    expect(hook.result.current).toBe('other');
    act(() => vi.advanceTimersByTime(200));
    expect(hook.result.current).toBe('other');
  });
});
