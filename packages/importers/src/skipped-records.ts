import type { SkippedRecords } from './transcript-importer';

/**
 * The tally of records an importer leaves out, in two views: everything left out (skipped),
 * and only what it did not recognise (notUnderstood) — a kind missing from its list of kinds
 * it leaves out on purpose, which is how a new agent version's format drift shows up.
 * 'malformed' and 'not-understood' (feedJsonLine's kinds) are never on such a list.
 */
export interface SkippedTally {
  skip(type: string, count?: number): void;
  skipped(): SkippedRecords;
  notUnderstood(): SkippedRecords;
  /** Every kind and its count, for an importer's state. */
  entries(): [string, number][];
}

export function createSkippedTally(leftOutOnPurpose: ReadonlySet<string>, from: readonly [string, number][] = []): SkippedTally {
  // A Map, not an object: a record type may be named "constructor", "valueOf" or "__proto__".
  const byType = new Map<string, number>(from);
  let total = from.reduce((sum, [, count]) => sum + count, 0);
  const recordsOf = (entries: [string, number][]): SkippedRecords => ({
    total: entries.reduce((sum, [, count]) => sum + count, 0),
    byType: Object.fromEntries(entries),
  });
  return {
    skip(type, count = 1) {
      if (count <= 0) return;
      byType.set(type, (byType.get(type) ?? 0) + count);
      total += count;
    },
    skipped() {
      return { total, byType: Object.fromEntries(byType) };
    },
    notUnderstood() {
      return recordsOf([...byType].filter(([type]) => !leftOutOnPurpose.has(type)));
    },
    entries() {
      return [...byType];
    },
  };
}
