import { describe, expect, it } from 'vitest';
import { RowMountQueue } from './row-mount-queue';

function frames() {
  const pending: (() => void)[] = [];
  return {
    schedule: (callback: () => void) => {
      pending.push(callback);
      return () => void pending.splice(pending.indexOf(callback), 1);
    },
    next: () => pending.splice(0).forEach((callback) => callback()),
    count: () => pending.length,
  };
}

describe('RowMountQueue', () => {
  it('lets a few mounts through per frame, the latest asked first', () => {
    const frame = frames();
    const queue = new RowMountQueue(2, frame.schedule);
    const mounted: string[] = [];
    for (const name of ['a', 'b', 'c', 'd', 'e']) queue.request(() => mounted.push(name));
    expect(mounted).toEqual([]);
    frame.next();
    expect(mounted).toEqual(['e', 'd']);
    frame.next();
    expect(mounted).toEqual(['e', 'd', 'c', 'b']);
    frame.next();
    expect(mounted).toEqual(['e', 'd', 'c', 'b', 'a']);
    expect(frame.count()).toBe(0);
  });

  it('forgets a withdrawn mount, and asks for one frame at a time', () => {
    const frame = frames();
    const queue = new RowMountQueue(2, frame.schedule);
    const mounted: string[] = [];
    queue.request(() => mounted.push('a'));
    const withdraw = queue.request(() => mounted.push('b'));
    queue.request(() => mounted.push('c'));
    expect(frame.count()).toBe(1);
    withdraw();
    expect(queue.size).toBe(2);
    frame.next();
    expect(mounted).toEqual(['c', 'a']);
    withdraw();
    expect(frame.count()).toBe(0);
  });

  it('lets a tall card through alone: a second joins only within the frame’s height budget', () => {
    const frame = frames();
    const queue = new RowMountQueue(2, frame.schedule, 700);
    const mounted: string[] = [];
    queue.request(() => mounted.push('small-a'), 100);
    queue.request(() => mounted.push('small-b'), 100);
    queue.request(() => mounted.push('read-a'), 508);
    queue.request(() => mounted.push('read-b'), 508);
    frame.next();
    expect(mounted).toEqual(['read-b']);
    frame.next();
    expect(mounted).toEqual(['read-b', 'read-a', 'small-b']);
    frame.next();
    expect(mounted).toEqual(['read-b', 'read-a', 'small-b', 'small-a']);
  });

  it('mounts nothing while held, and what still waits once let go', () => {
    const frame = frames();
    const queue = new RowMountQueue(2, frame.schedule);
    const mounted: string[] = [];
    queue.request(() => mounted.push('a'));
    queue.hold();
    expect(frame.count()).toBe(0);
    const withdraw = queue.request(() => mounted.push('gone-by'));
    queue.request(() => mounted.push('c'));
    frame.next();
    expect(mounted).toEqual([]);
    withdraw();
    queue.letGo();
    frame.next();
    expect(mounted).toEqual(['c', 'a']);
    expect(frame.count()).toBe(0);
  });
});
