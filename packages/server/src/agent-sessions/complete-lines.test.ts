import { describe, expect, it } from 'vitest';
import { completeLines } from './complete-lines';

describe('completeLines', () => {
  it('leaves a torn last line for later and counts the bytes of the complete ones', () => {
    expect(completeLines(Buffer.from('{"a":1}\n{"b":2}\n{"c"'))).toEqual({ lines: ['{"a":1}', '{"b":2}'], consumed: 16 });
  });
  it('takes nothing while the first line has no newline yet', () => {
    expect(completeLines(Buffer.from('{"half'))).toEqual({ lines: [], consumed: 0 });
  });
  it('keeps multi-byte characters whole and drops a CR before the newline', () => {
    const text = '{"t":"→ é"}\r\n';
    expect(completeLines(Buffer.from(text))).toEqual({ lines: ['{"t":"→ é"}'], consumed: Buffer.byteLength(text) });
  });
});
