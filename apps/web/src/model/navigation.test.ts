import { describe, expect, it } from 'vitest';
import type { JsonValue } from '@toolcards/protocol';
import { Navigation } from './navigation';
import { openLocationRequest } from './open-location-request';
import type { TimelineRow, ToolRow } from './timeline-row';

const readRow = (callId: string, seq: number, args: JsonValue, isError = false): ToolRow => ({
  key: `e${seq}`,
  seq,
  time: 't',
  kind: 'tool',
  callId,
  cancelled: false,
  call: { name: 'read', args, origin: 'user', view: { card: 'generic', title: 'read' } },
  result: { seq: seq + 1, content: [], isError, view: { card: 'generic' } },
});
const message: TimelineRow = { key: 'e0', seq: 0, time: 't', kind: 'user-message', text: 'hi' };

describe('Navigation', () => {
  it('shows the latest read card again, flashed at its line, for the same window; a new read after another or a failed one', () => {
    const navigation = new Navigation();
    const request = openLocationRequest({ path: 'src/a.ts', line: 40 }, 0);
    const same = readRow('r1', 1, request.args as JsonValue);
    expect(navigation.revealLatestRead([message, same], request)).toBe(true);
    expect(navigation.view()).toMatchObject({ reveal: { callId: 'r1', flash: true }, targetLines: new Map([['r1', 40]]) });
    expect(navigation.revealLatestRead([same, readRow('r2', 3, { path: 'src/b.ts' })], request)).toBe(false);
    expect(navigation.revealLatestRead([readRow('r3', 5, request.args as JsonValue, true)], request)).toBe(false);
  });

  it('answers a click-through read once, with its target line, and a find hit in a row that is not a call by its seq', () => {
    const navigation = new Navigation();
    navigation.expectRead(openLocationRequest({ path: 'src/a.ts', line: 12 }, 0));
    const args = openLocationRequest({ path: 'src/a.ts', line: 12 }, 0).args;
    navigation.matchReadRequest(1, { callId: 'mine', name: 'read', args: args as JsonValue, origin: 'user' });
    navigation.matchReadRequest(2, { callId: 'again', name: 'read', args: args as JsonValue, origin: 'user' });
    expect([...navigation.targetLines]).toEqual([['mine', 12]]);
    expect(navigation.reveal).toEqual({ callId: 'mine', serial: 1 });
    navigation.revealFound(message, { line: 3 });
    expect(navigation.reveal).toEqual({ seq: 0, serial: 2 });
    expect([...navigation.targetLines]).toEqual([['mine', 12]]);
  });

  it('keeps nothing of the last session when another opens, but the follow serial goes on', () => {
    const navigation = new Navigation();
    navigation.openAddress(7, { start: 2, end: 4 });
    navigation.requestFollow();
    expect(navigation.addressedSeqToLoad).toBe(7);
    navigation.open();
    expect(navigation.view()).toEqual({ targetLines: new Map(), reveal: null, addressed: null, findFocus: null, followSerial: 1 });
  });
});
