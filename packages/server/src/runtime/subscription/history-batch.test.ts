import { describe, expect, it } from 'vitest';
import { HISTORY_BATCH_BYTES, serverFrameSchema, type HistoryItem, type SessionEvent } from '@toolcards/protocol';
import type { OutboundFrame } from '../../wire/outbound-frames';
import { HistoryBatcher } from './history-batch';

function message(seq: number, text: string): SessionEvent {
  return { seq, time: '2025-01-01T00:00:00.000Z', type: 'user/message', data: { text } };
}

function itemJson(event: SessionEvent): string {
  return JSON.stringify({ event } satisfies HistoryItem);
}

/** Feeds every item, then flushes; returns each frame with its parsed, validated items. */
function batch(items: string[], maxBytes?: number, sessionId = 's1') {
  const batcher = maxBytes === undefined ? new HistoryBatcher(sessionId) : new HistoryBatcher(sessionId, maxBytes);
  const frames: OutboundFrame[] = [];
  for (const item of items) {
    const done = batcher.add(item);
    if (done) frames.push(done);
  }
  const last = batcher.flush();
  if (last) frames.push(last);
  return frames.map((frame) => {
    const parsed = serverFrameSchema.parse(JSON.parse(frame.text));
    if (parsed.type !== 'history') throw new Error(`not a history frame: ${parsed.type}`);
    return { frame, parsed };
  });
}

function seqsOf(frames: ReturnType<typeof batch>): number[] {
  return frames.flatMap(({ parsed }) => parsed.type === 'history' ? parsed.items.map((item) => item.event.seq) : []);
}

describe('HistoryBatcher', () => {
  it('keeps every frame within the byte bound, in order, with bytes equal to the text it sends', () => {
    const events = Array.from({ length: 500 }, (_, seq) => message(seq, 'x'.repeat((seq * 37) % 300)));
    const maxBytes = 2_000;
    const frames = batch(events.map(itemJson), maxBytes);
    expect(frames.length).toBeGreaterThan(10);
    for (const { frame, parsed } of frames) {
      expect(frame.bytes).toBe(Buffer.byteLength(frame.text, 'utf8'));
      expect(frame.bytes).toBeLessThanOrEqual(maxBytes);
      expect(parsed.sessionId).toBe('s1');
    }
    expect(seqsOf(frames)).toEqual(events.map((event) => event.seq));
    // Every item arrives exactly as it was given.
    expect(frames.flatMap(({ parsed }) => (parsed.type === 'history' ? parsed.items : []))).toEqual(events.map((event) => ({ event })));
  });

  it('fills frames: each frame but the last would have overflowed with the next item', () => {
    const items = Array.from({ length: 200 }, (_, seq) => itemJson(message(seq, 'y'.repeat(seq % 50))));
    const maxBytes = 1_500;
    const frames = batch(items, maxBytes);
    let next = 0;
    for (const [index, { frame, parsed }] of frames.entries()) {
      next += parsed.type === 'history' ? parsed.items.length : 0;
      if (index === frames.length - 1) break;
      // One more item (and its comma) would not have fitted.
      expect(frame.bytes + 1 + Buffer.byteLength(items[next]!, 'utf8')).toBeGreaterThanOrEqual(maxBytes);
    }
    expect(next).toBe(items.length);
  });

  it('counts multi-byte UTF-8 in bytes, not characters', () => {
    // 3- and 4-byte characters: a character count would let frames grow to 2-4× the bound.
    const events = Array.from({ length: 120 }, (_, seq) => message(seq, `€😀ü${'漢'.repeat(seq % 40)}😀`));
    const maxBytes = 1_024;
    const frames = batch(events.map(itemJson), maxBytes);
    expect(frames.length).toBeGreaterThan(5);
    for (const { frame, parsed } of frames) {
      expect(frame.bytes).toBe(Buffer.byteLength(frame.text, 'utf8'));
      expect(frame.bytes).toBeGreaterThan(frame.text.length);
      expect(frame.bytes).toBeLessThanOrEqual(maxBytes);
      expect(parsed.sessionId).toBe('s1');
    }
    expect(seqsOf(frames)).toEqual(events.map((event) => event.seq));
    expect(frames.flatMap(({ parsed }) => (parsed.type === 'history' ? parsed.items.map((item) => item.event) : []))).toEqual(events);
  });

  it('sends an item larger than the bound alone, without holding back the items around it', () => {
    const events = [message(0, 'a'), message(1, 'b'), message(2, 'z'.repeat(5_000)), message(3, 'c'), message(4, '€'.repeat(2_000)), message(5, 'd')];
    const maxBytes = 1_000;
    const frames = batch(events.map(itemJson), maxBytes);
    expect(frames.map(({ parsed }) => (parsed.type === 'history' ? parsed.items.map((item) => item.event.seq) : []))).toEqual([[0, 1], [2], [3], [4], [5]]);
    for (const { frame, parsed } of frames) {
      expect(frame.bytes).toBe(Buffer.byteLength(frame.text, 'utf8'));
      if (parsed.type === 'history' && parsed.items.length > 1) expect(frame.bytes).toBeLessThanOrEqual(maxBytes);
    }
  });

  it('bounds frames by HISTORY_BATCH_BYTES by default', () => {
    const events = Array.from({ length: 100 }, (_, seq) => message(seq, 'q'.repeat(20_000)));
    const frames = batch(events.map(itemJson));
    expect(frames.length).toBeGreaterThanOrEqual(8);
    for (const { frame } of frames) expect(frame.bytes).toBeLessThanOrEqual(HISTORY_BATCH_BYTES);
    expect(seqsOf(frames)).toEqual(events.map((event) => event.seq));
  });

  it('flushes nothing when it holds nothing, and starts afresh after a flush', () => {
    const batcher = new HistoryBatcher('s1', 10_000);
    expect(batcher.flush()).toBeUndefined();
    expect(batcher.add(itemJson(message(0, 'one')))).toBeUndefined();
    const first = batcher.flush();
    expect(batcher.flush()).toBeUndefined();
    batcher.add(itemJson(message(1, 'two')));
    const second = batcher.flush();
    const items = [first, second].map((frame) => serverFrameSchema.parse(JSON.parse(frame!.text)));
    expect(items.map((frame) => (frame.type === 'history' ? frame.items.map((item) => item.event.seq) : []))).toEqual([[0], [1]]);
  });
});
