import { describe, expect, it } from 'vitest';
import { readEnvelopeText } from './read-envelope';

describe('a mapped read window in our read envelope (both importers)', () => {
  it("writes our read tool's envelope around the window", () => {
    const meta = { path: 'a.ts', offset: 2, lines: [{ number: 2, text: 'b' }], totalLines: 5 };
    expect(readEnvelopeText(meta)).toBe('<path>a.ts</path>\n<type>file</type>\n<content>\n2: b\n\n(Showing lines 2-2 of 5. Use offset=3 to continue.)\n</content>');
    expect(readEnvelopeText({ path: 'e', offset: 1, lines: [], totalLines: 0 })).toBe('<path>e</path>\n<type>file</type>\n<content>\n(Empty file - 0 lines)\n</content>');
  });
});
