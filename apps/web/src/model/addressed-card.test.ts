import { describe, expect, it } from 'vitest';
import { addressStep, olderPageLimit, type HeldHistory } from './addressed-card';

const held = (change: Partial<HeldHistory> = {}): HeldHistory => ({ caughtUp: true, firstSeq: 4_800, lastSeq: 4_999, hasOlder: true, loadingOlder: false, ...change });
const rowAt = (seq: number) => seq - 4_000;

describe('addressStep', () => {
  it('waits for the opening history', () => {
    expect(addressStep(10, held({ caughtUp: false }), rowAt)).toEqual({ kind: 'wait' });
  });

  it('shows a card that is held', () => {
    expect(addressStep(4_900, held(), rowAt)).toEqual({ kind: 'show', rowIndex: 900 });
  });

  it('loads older history for a card before what is held, one request at a time', () => {
    expect(addressStep(600, held(), rowAt)).toEqual({ kind: 'load' });
    expect(addressStep(600, held({ loadingOlder: true }), rowAt)).toEqual({ kind: 'wait' });
  });

  it('says so when the card is past the end, or not in the log', () => {
    expect(addressStep(5_000, held(), rowAt)).toEqual({ kind: 'missing', message: 'The linked card (event 5,000) is past the end of this session: its last event is 4,999.' });
    expect(addressStep(0, held({ lastSeq: -1, firstSeq: 0, hasOlder: false }), rowAt)).toMatchObject({ kind: 'missing', message: expect.stringContaining('it has no events yet') });
    // Everything older is loaded and the seq is still not there (a line the server could not read).
    expect(addressStep(600, held({ hasOlder: false }), rowAt)).toEqual({ kind: 'missing', message: "The linked card (event 600) is not in this session's log." });
    expect(addressStep(4_900, held(), () => undefined)).toMatchObject({ kind: 'missing' });
  });
});

describe('olderPageLimit', () => {
  it('asks for a normal page when nothing is linked, or the card is held', () => {
    expect(olderPageLimit(undefined, 4_800, 2_500, 10_000)).toBe(2_500);
    expect(olderPageLimit(4_900, 4_800, 2_500, 10_000)).toBe(2_500);
  });

  it('reaches the linked card in one request when it can, in several when it is further than one may ask', () => {
    expect(olderPageLimit(600, 4_800, 2_500, 10_000)).toBe(4_200);
    expect(olderPageLimit(4_000, 4_800, 2_500, 10_000)).toBe(2_500);
    expect(olderPageLimit(0, 40_000, 2_500, 10_000)).toBe(10_000);
  });
});
