import { describe, expect, it } from 'vitest';
import { historyShouldWait, liveVerdict, pendingVerdict, type DeliveryLimits } from './backpressure';

const limits: DeliveryLimits = { maxBufferedBytes: 1000, historyHighWaterBytes: 100, maxPendingBytes: 500 };

describe('backpressure policy', () => {
  it('sends live frames while the socket holds less than the bound', () => {
    expect(liveVerdict(0, 10, limits)).toBe('send');
    expect(liveVerdict(990, 10, limits)).toBe('send');
    expect(liveVerdict(991, 10, limits)).toBe('slow-consumer');
  });

  it('always sends to an idle socket, even a frame above the bound', () => {
    expect(liveVerdict(0, 5000, limits)).toBe('send');
  });

  it('queues live frames during history up to the pending bound', () => {
    expect(pendingVerdict(0, 5000, limits)).toBe('queue');
    expect(pendingVerdict(400, 100, limits)).toBe('queue');
    expect(pendingVerdict(401, 100, limits)).toBe('slow-consumer');
  });

  it('pauses history above the high-water mark', () => {
    expect(historyShouldWait(100, limits)).toBe(false);
    expect(historyShouldWait(101, limits)).toBe(true);
  });
});
