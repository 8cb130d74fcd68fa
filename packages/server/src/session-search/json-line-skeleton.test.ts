import { describe, expect, it } from 'vitest';
import { eventSkeleton } from './json-line-skeleton';

describe('eventSkeleton', () => {
  it('keeps a short line as it is', () => {
    const line = Buffer.from(JSON.stringify({ seq: 1, data: { text: 'short' } }));
    expect(eventSkeleton(line)).toBe(line);
  });

  it('cuts long string values to their first KiB, at character and escape edges, and keeps the rest of the structure', () => {
    for (const filler of ['x', 'é', '😀', '\n', '"', '\\', '\u0001']) {
      for (const shift of [0, 1, 2, 3, 4, 5]) {
        const event = { seq: 3, type: 'tool/result', data: { callId: 'c"1', content: [{ type: 'text', text: `${'a'.repeat(shift)}${filler.repeat(100_000)}` }], isError: false, meta: { path: 'src/a.ts' } } };
        const skeleton = JSON.parse(eventSkeleton(Buffer.from(JSON.stringify(event))).toString('utf8'));
        expect(skeleton.data.meta, `${JSON.stringify(filler)} ${shift}`).toEqual({ path: 'src/a.ts' });
        expect(skeleton.data.callId).toBe('c"1');
        const text: string = skeleton.data.content[0].text;
        expect(text.length).toBeGreaterThan(100);
        expect(text.length).toBeLessThanOrEqual(1024);
        expect(event.data.content[0]!.text.startsWith(text)).toBe(true);
      }
    }
  });
});
