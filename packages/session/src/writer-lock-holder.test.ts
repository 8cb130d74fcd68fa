import { describe, expect, it } from 'vitest';
import { HEARTBEAT_STALE_MS, judgeLockHolder, type ProcessSighting } from './writer-lock-holder';
import { formatLockRecord, parseLockRecord, type LockHolder } from './writer-lock-record';

const self: LockHolder = { pid: 1, processNonce: 'aaaa', startTicks: 5000, bootId: 'boot-1', pidNamespace: '4026531836' };
const running = (startTicks?: number) => (): ProcessSighting => (startTicks === undefined ? { state: 'running' } : { state: 'running', startTicks });
const gone = (): ProcessSighting => ({ state: 'gone' });

describe('judgeLockHolder', () => {
  it('knows this process by its nonce', () => {
    expect(judgeLockHolder({ ...self }, self, gone, 0)).toBe('this-process');
  });

  it('takes this pid under another nonce for a dead predecessor (a restart handed the same pid)', () => {
    expect(judgeLockHolder({ ...self, processNonce: 'bbbb', startTicks: 10 }, self, running(5000), 0)).toBe('dead');
    expect(judgeLockHolder({ pid: 1 }, self, running(5000), 0)).toBe('dead');
  });

  it('takes a running pid that started at another time for a reused pid', () => {
    expect(judgeLockHolder({ ...self, pid: 77, processNonce: 'bbbb', startTicks: 10 }, self, running(9000), 0)).toBe('dead');
  });

  it('keeps a running pid alive when its start time matches or cannot be read', () => {
    expect(judgeLockHolder({ ...self, pid: 77, processNonce: 'bbbb', startTicks: 10 }, self, running(10), 0)).toBe('alive');
    expect(judgeLockHolder({ ...self, pid: 77, processNonce: 'bbbb', startTicks: 10 }, self, running(), 0)).toBe('alive');
    expect(judgeLockHolder({ pid: 77 }, self, running(10), 0)).toBe('alive');
  });

  it('takes a pid that is gone for dead', () => {
    expect(judgeLockHolder({ ...self, pid: 77, processNonce: 'bbbb' }, self, gone, 0)).toBe('dead');
  });

  it('takes a record of an earlier boot for dead, whatever runs under its pid now', () => {
    expect(judgeLockHolder({ ...self, pid: 77, processNonce: 'bbbb', bootId: 'boot-0' }, self, running(), 0)).toBe('dead');
  });

  it('judges a record from another pid namespace by its heartbeat alone', () => {
    const foreign: LockHolder = { ...self, processNonce: 'bbbb', pidNamespace: '4026532000' };
    expect(judgeLockHolder(foreign, self, gone, HEARTBEAT_STALE_MS - 1)).toBe('alive');
    expect(judgeLockHolder(foreign, self, running(5000), HEARTBEAT_STALE_MS)).toBe('dead');
  });
});

describe('lock records', () => {
  it('read back what they wrote, the pid first', () => {
    const text = formatLockRecord(self, 'c0ffee');
    expect(text.startsWith('1 c0ffee ')).toBe(true);
    expect(parseLockRecord(text)).toEqual(self);
  });

  it('read the formats of earlier versions as a pid alone', () => {
    expect(parseLockRecord('4242')).toEqual({ pid: 4242 });
    expect(parseLockRecord('4242 0123456789abcdef\n')).toEqual({ pid: 4242 });
  });

  it('ignore fields they do not know and values that are not theirs', () => {
    expect(parseLockRecord('9 n start=soon host=x process= pidns=7')).toEqual({ pid: 9, pidNamespace: '7' });
  });

  it.each(['', '   ', 'abc', '0', '-4', '12abc', '99999999999999999999'])('reject %j (no writer leaves it)', (text) => {
    expect(parseLockRecord(text)).toBeUndefined();
  });
});
