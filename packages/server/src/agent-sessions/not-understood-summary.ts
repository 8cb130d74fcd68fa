import type { SkippedRecords } from '@toolcards/importers';
import type { SessionSummary } from '@toolcards/protocol';

export type NotUnderstood = NonNullable<SessionSummary['notUnderstood']>;

/** Types named at most, and their length: a hostile transcript can invent any number of any length. */
const MAX_TYPES = 10;
const MAX_TYPE_CHARS = 80;

/**
 * What a session says about the records its importer did not recognise: the count, and the
 * types most often met first. Nothing when every record was understood.
 */
export function notUnderstoodSummary(records: SkippedRecords): NotUnderstood | undefined {
  if (records.total <= 0) return undefined;
  const types = Object.entries(records.byType)
    .sort(([, a], [, b]) => b - a)
    .slice(0, MAX_TYPES)
    .map(([type]) => (type.length > MAX_TYPE_CHARS ? `${type.slice(0, MAX_TYPE_CHARS - 1)}…` : type));
  return { total: records.total, types };
}
