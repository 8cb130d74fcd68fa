import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import type { SeenLineRange } from '@toolcards/protocol';
import { linesWithin, mergeLineRanges, percentSeen, runsOfLines, withLineRange } from './coverage-merge';

/** Ranges over a small file, so overlaps, touching ends and nesting are common. */
const range = fc.tuple(fc.integer({ min: 1, max: 60 }), fc.integer({ min: 0, max: 12 })).map(([first, length]): SeenLineRange => [first, first + length]);
const ranges = fc.array(range, { maxLength: 12 });

function linesOf(list: readonly SeenLineRange[]): Set<number> {
  const lines = new Set<number>();
  for (const [first, last] of list) for (let line = first; line <= last; line += 1) lines.add(line);
  return lines;
}

function sorted(lines: Set<number>): number[] {
  return [...lines].sort((a, b) => a - b);
}

/** Sorted, disjoint, and no two ranges touch (they would be one). */
function isMerged(list: readonly SeenLineRange[]): boolean {
  return list.every(([first, last], index) => first <= last && (index === 0 || first > list[index - 1]![1] + 1));
}

function addAll(list: readonly SeenLineRange[]): SeenLineRange[] {
  return list.reduce<SeenLineRange[]>((merged, next) => withLineRange(merged, next), []);
}

describe('coverage merge (properties)', () => {
  it('the union of ranges holds exactly the lines of the ranges, in merged form', () => {
    fc.assert(
      fc.property(ranges, (list) => {
        for (const merged of [mergeLineRanges(list), addAll(list)]) {
          expect(isMerged(merged)).toBe(true);
          expect(sorted(linesOf(merged))).toEqual(sorted(linesOf(list)));
        }
      }),
    );
  });

  it('adding ranges one by one, in any order, gives the same union as merging them at once', () => {
    fc.assert(
      fc.property(ranges.chain((list) => fc.tuple(fc.constant(list), fc.shuffledSubarray(list, { minLength: list.length }))), ([list, shuffled]) => {
        expect(addAll(shuffled)).toEqual(mergeLineRanges(list));
      }),
    );
  });

  it('a range that overlaps or is inside the union adds only the lines it has beyond it', () => {
    fc.assert(
      fc.property(ranges, range, (list, extra) => {
        const before = addAll(list);
        const after = withLineRange(before, extra);
        const added = sorted(linesOf([extra])).filter((line) => !linesOf(before).has(line));
        expect(linesOf(after).size).toBe(linesOf(before).size + added.length);
        // Adding it again changes nothing.
        expect(withLineRange(after, extra)).toEqual(after);
      }),
    );
  });

  it('runs of a window are the window: lines seen equal the distinct lines read', () => {
    fc.assert(
      fc.property(fc.uniqueArray(fc.integer({ min: 1, max: 80 }), { maxLength: 40 }), (numbers) => {
        const ascending = [...numbers].sort((a, b) => a - b);
        const runs = runsOfLines(ascending);
        expect(isMerged(runs)).toBe(true);
        expect(sorted(linesOf(runs))).toEqual(ascending);
      }),
    );
  });

  it('lines seen within the file and their percentage never exceed the file', () => {
    fc.assert(
      fc.property(ranges, fc.integer({ min: 0, max: 80 }), (list, totalLines) => {
        const merged = mergeLineRanges(list);
        const seen = linesWithin(merged, totalLines);
        expect(seen).toBe([...linesOf(merged)].filter((line) => line <= totalLines).length);
        const percent = percentSeen(seen, totalLines);
        expect(percent).toBeGreaterThanOrEqual(0);
        expect(percent).toBeLessThanOrEqual(100);
        expect(percent === 100).toBe(seen === totalLines);
      }),
    );
  });
});
