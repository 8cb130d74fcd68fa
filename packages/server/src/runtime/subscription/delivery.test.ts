import { describe, expect, it } from 'vitest';
import type { OutboundFrame } from '../../wire/outbound-frames';
import type { DeliveryLimits } from './backpressure';
import { Subscription, type FrameSink, type HistoryReader } from './delivery';

function frame(text: string, bytes = text.length): OutboundFrame {
  return { text, bytes };
}

/** A socket whose buffer the test controls; `flush` completes pending sends. */
class FakeSink implements FrameSink {
  readonly sent: string[] = [];
  bufferedAmount = 0;
  isOpen = true;
  dropped: string[] = [];
  private readonly waiting: (() => void)[] = [];

  send(outbound: OutboundFrame): Promise<void> {
    this.sent.push(outbound.text);
    return new Promise((resolve) => this.waiting.push(resolve));
  }

  flush(): void {
    this.bufferedAmount = 0;
    for (const resolve of this.waiting.splice(0)) resolve();
  }

  dropSlowConsumer(sessionId: string): void {
    this.dropped.push(sessionId);
    this.isOpen = false;
  }
}

const limits: DeliveryLimits = { maxBufferedBytes: 100, historyHighWaterBytes: 50, maxPendingBytes: 30 };

function history(texts: string[], onRead?: (index: number) => void): HistoryReader {
  return async (emit) => {
    for (const [index, text] of texts.entries()) {
      onRead?.(index);
      if (!(await emit(frame(text)))) return;
    }
  };
}

/** `reader` may be a function of the subscription, for histories that act on it while being read. */
function started(sink: FakeSink, reader: HistoryReader | ((subscription: Subscription) => HistoryReader), ofSubscription = false) {
  const ended: Subscription[] = [];
  const failures: unknown[] = [];
  const subscription = new Subscription('s1', sink, limits, (each) => ended.push(each));
  const history = ofSubscription ? (reader as (subscription: Subscription) => HistoryReader)(subscription) : (reader as HistoryReader);
  const done = subscription.start(frame('subscribed'), history, frame('caught-up'), (error) => failures.push(error));
  return { subscription, done, ended, failures };
}

describe('Subscription', () => {
  it('sends subscribed, history, caught-up, then live frames', async () => {
    const sink = new FakeSink();
    const { subscription, done } = started(sink, history(['h0', 'h1']));
    await done;
    subscription.deliver(frame('live0'));
    expect(sink.sent).toEqual(['subscribed', 'h0', 'h1', 'caught-up', 'live0']);
  });

  it('holds live frames that arrive during the history until after caught-up', async () => {
    const sink = new FakeSink();
    const run = started(
      sink,
      (subscription: Subscription) =>
        history(['h0', 'h1'], (index) => {
          if (index === 1) subscription.deliver(frame('live0'));
        }),
      true,
    );
    run.subscription.deliver(frame('live-early'));
    await run.done;
    expect(sink.sent).toEqual(['subscribed', 'h0', 'h1', 'caught-up', 'live-early', 'live0']);
  });

  it('waits for the socket to drain when history fills it', async () => {
    const sink = new FakeSink();
    let read = 0;
    const reader: HistoryReader = async (emit) => {
      for (; read < 3; read += 1) {
        sink.bufferedAmount += 60; // each frame pushes the buffer above the high-water mark
        if (!(await emit(frame(`h${read}`)))) return;
      }
    };
    const { done } = started(sink, reader);
    await new Promise((resolve) => setImmediate(resolve));
    expect(sink.sent).toEqual(['subscribed', 'h0']); // paused on the first frame
    sink.flush();
    await new Promise((resolve) => setImmediate(resolve));
    expect(sink.sent).toEqual(['subscribed', 'h0', 'h1']);
    sink.flush();
    await new Promise((resolve) => setImmediate(resolve));
    sink.flush();
    await done;
    expect(sink.sent).toEqual(['subscribed', 'h0', 'h1', 'h2', 'caught-up']);
  });

  it('drops a live client whose socket is over the bound', async () => {
    const sink = new FakeSink();
    const { subscription, done, ended } = started(sink, history([]));
    await done;
    sink.bufferedAmount = 95;
    subscription.deliver(frame('small', 5));
    sink.bufferedAmount = 96;
    subscription.deliver(frame('too-much', 5));
    subscription.deliver(frame('after'));
    expect(sink.sent).toEqual(['subscribed', 'caught-up', 'small']);
    expect(sink.dropped).toEqual(['s1']);
    expect(ended).toEqual([subscription]);
  });

  it('drops a client whose live frames pile up during a slow history', async () => {
    const sink = new FakeSink();
    let release: () => void = () => {};
    const reader: HistoryReader = async (emit) => {
      await emit(frame('h0'));
      await new Promise<void>((resolve) => (release = resolve));
    };
    const { subscription, done } = started(sink, reader);
    await new Promise((resolve) => setImmediate(resolve));
    subscription.deliver(frame('a', 20));
    subscription.deliver(frame('b', 10));
    expect(sink.dropped).toEqual([]);
    subscription.deliver(frame('c', 1));
    expect(sink.dropped).toEqual(['s1']);
    release();
    await done;
    expect(sink.sent).toEqual(['subscribed', 'h0']); // nothing after the drop, not even caught-up
  });

  it('stops reading history once ended', async () => {
    const sink = new FakeSink();
    const reads: number[] = [];
    const run = started(
      sink,
      (subscription: Subscription) =>
        history(['h0', 'h1', 'h2'], (index) => {
          reads.push(index);
          if (index === 1) subscription.end();
        }),
      true,
    );
    await run.done;
    expect(reads).toEqual([0, 1]);
    expect(sink.sent).toEqual(['subscribed', 'h0']);
  });

  it('reports a failed history read and ends', async () => {
    const sink = new FakeSink();
    const { done, ended, failures, subscription } = started(sink, async () => {
      throw new Error('disk gone');
    });
    await done;
    expect(failures).toEqual([new Error('disk gone')]);
    expect(ended).toEqual([subscription]);
    subscription.deliver(frame('late'));
    expect(sink.sent).toEqual(['subscribed']);
  });
});
