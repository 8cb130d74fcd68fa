import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import type { JsonValue, SessionEvent } from '@toolcards/protocol';
// The read tool's own window scanner and meta: the windows here are clipped exactly as real reads are.
import { metaLines } from '../../../tools/src/read/read-meta';
import { ReadWindowScanner } from '../../../tools/src/read/read-window';
import { FilesSeenFold } from './files-seen-fold';

const MAX_WINDOW_BYTES = 120;

/** A file of short and long ASCII lines: long ones make the byte cap stop a window early. */
const fileLines = fc.array(fc.integer({ min: 0, max: 70 }), { minLength: 1, maxLength: 60 }).map((lengths) => lengths.map((length, index) => `${index + 1}`.padEnd(length, 'x')));
const window = fc.record({ offset: fc.integer({ min: 1, max: 60 }), limit: fc.integer({ min: 1, max: 30 }) });

/** What the read tool's meta holds for this window of the file, or undefined when the offset is past its end (an error). */
function readMeta(lines: readonly string[], offset: number, limit: number): JsonValue | undefined {
  if (offset > lines.length) return undefined;
  const scanner = new ReadWindowScanner({ offset, limit, maxLineChars: 2000, maxWindowBytes: MAX_WINDOW_BYTES });
  scanner.push(Buffer.from(lines.join('\n') + '\n'));
  const outcome = scanner.finish();
  if (outcome.kind !== 'window') throw new Error(outcome.reason);
  return { path: 'file.txt', offset, lines: metaLines(outcome.window), totalLines: outcome.window.totalLines } as unknown as JsonValue;
}

function resultEvents(metas: JsonValue[]): SessionEvent[] {
  return metas.flatMap((meta, index): SessionEvent[] => [
    { seq: 2 * index, time: '', type: 'tool/call', data: { callId: `c${index}`, name: 'read', args: {}, origin: 'model' } },
    { seq: 2 * index + 1, time: '', type: 'tool/result', data: { callId: `c${index}`, content: [], isError: false, meta } },
  ]);
}

describe('read coverage of windows clipped by the byte cap (properties)', () => {
  it('covers exactly the lines the windows held, never the lines a capped window asked for and did not get', () => {
    fc.assert(
      fc.property(fileLines, fc.array(window, { minLength: 1, maxLength: 6 }), (lines, windows) => {
        const metas = windows.map(({ offset, limit }) => readMeta(lines, offset, limit)).filter((meta) => meta !== undefined);
        fc.pre(metas.length > 0);
        const held = new Set<number>();
        for (const meta of metas) for (const line of (meta as { lines: { number: number }[] }).lines) held.add(line.number);

        const fold = new FilesSeenFold();
        for (const event of resultEvents(metas)) fold.observe(event);
        const read = fold.list()[0]?.read;
        expect(read).toBeDefined();
        const covered: number[] = [];
        for (const [first, last] of read!.ranges) for (let line = first; line <= last; line += 1) covered.push(line);
        expect(covered).toEqual([...held].sort((a, b) => a - b));
        expect(read!.linesSeen).toBe(held.size);
        expect(read!.totalLines).toBe(lines.length);
        expect(read!.percentSeen).toBe(Math.floor((held.size * 1000) / lines.length) / 10);
        expect(read!.reads).toBe(metas.length);
      }),
    );
  });

  it('a window the byte cap stopped after 3 of 10 lines covers those 3', () => {
    const lines = Array.from({ length: 20 }, (_, index) => `${index + 1}`.padEnd(39, 'x'));
    const meta = readMeta(lines, 5, 10)!;
    expect((meta as { lines: unknown[] }).lines).toHaveLength(3);
    const fold = new FilesSeenFold();
    for (const event of resultEvents([meta])) fold.observe(event);
    expect(fold.list()[0]?.read).toMatchObject({ ranges: [[5, 7]], linesSeen: 3, totalLines: 20, percentSeen: 15 });
  });
});
