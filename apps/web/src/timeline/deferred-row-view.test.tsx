import { describe, expect, it } from 'vitest';
import { act, render, waitFor } from '@testing-library/react';
import type { ServerFrame } from '@toolcards/protocol';
import { ClientProvider } from '../store/client-context';
import { clientForTests, ingestForTests } from '../test-support/client-for-tests';
import { DeferredRowView, holdCardsWhileFlung } from './deferred-row-view';
import { estimateRowHeight } from './estimate-row-height';

describe('DeferredRowView', () => {
  it('holds the row’s estimated height first, then mounts its card in a later frame', async () => {
    const client = clientForTests();
    const frames: ServerFrame[] = [{ type: 'event', sessionId: 's1', event: { seq: 0, time: 't', type: 'user/message', data: { text: 'hello there' } } }];
    ingestForTests(client, frames);
    const row = client.store.state.getState().rows[0]!;
    const { container } = render(
      <ClientProvider client={client}>
        <DeferredRowView row={row} />
      </ClientProvider>,
    );
    const placeholder = container.querySelector<HTMLElement>('.timeline__placeholder');
    expect(placeholder?.getAttribute('aria-hidden')).toBe('true');
    expect(placeholder?.style.height).toBe(`${estimateRowHeight(row) - 12}px`);
    await waitFor(() => expect(container.textContent).toContain('hello there'));
    expect(container.querySelector('.timeline__placeholder')).toBeNull();
  });

  it('keeps the placeholder while the timeline is flung past it, and mounts the card once the scroll stops', async () => {
    const client = clientForTests();
    ingestForTests(client, [{ type: 'event', sessionId: 's1', event: { seq: 0, time: 't', type: 'user/message', data: { text: 'flung past' } } }]);
    const row = client.store.state.getState().rows[0]!;
    const scroller = document.createElement('div');
    // The test's clock and settle timer: the fling is 100 px every 16 ms (6,000 px/s).
    let time = 0;
    let settle: (() => void) | undefined;
    const stop = holdCardsWhileFlung(scroller, {
      following: () => false,
      now: () => time,
      setTimer: (callback) => {
        settle = callback;
        return () => (settle = undefined);
      },
    });
    const scrollBy = (px: number) => {
      time += 16;
      scroller.scrollTop += px;
      scroller.dispatchEvent(new Event('scroll'));
    };
    const frames = (count: number) => new Promise<void>((resolve) => {
      const next = (left: number) => (left === 0 ? resolve() : requestAnimationFrame(() => next(left - 1)));
      next(count);
    });
    try {
      for (let step = 0; step < 3; step += 1) scrollBy(100);
      const { container } = render(
        <ClientProvider client={client}>
          <DeferredRowView row={row} />
        </ClientProvider>,
      );
      for (let step = 0; step < 3; step += 1) {
        scrollBy(100);
        await frames(2);
      }
      expect(container.querySelector('.timeline__placeholder')).not.toBeNull();
      expect(container.textContent).not.toContain('flung past');
      // No scroll for 120 ms and a frame: the fling is over.
      time += 200;
      act(() => settle?.());
      await waitFor(() => expect(container.textContent).toContain('flung past'));
      expect(container.querySelector('.timeline__placeholder')).toBeNull();
    } finally {
      stop();
    }
  });
});
