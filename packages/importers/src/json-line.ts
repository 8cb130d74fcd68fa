import { asFields, type Fields } from './json-fields';
import type { ImportedEvent } from './transcript-importer';

/**
 * One transcript line through an importer's record mapper, the way every importer takes it:
 * a blank line is nothing, a line that is not a JSON object is skipped as 'malformed', and a
 * record whose shape no guard foresaw is skipped as 'not-understood' — the line is lost, the
 * importer goes on (the contract's "never throws").
 */
export function feedJsonLine(line: string, feedRecord: (record: Fields) => ImportedEvent[], skip: (type: string) => void): ImportedEvent[] {
  if (line.trim() === '') return [];
  let parsed: unknown;
  try {
    parsed = JSON.parse(line);
  } catch {
    skip('malformed');
    return [];
  }
  const record = asFields(parsed);
  if (record === undefined) {
    skip('malformed');
    return [];
  }
  try {
    return feedRecord(record);
  } catch {
    skip('not-understood');
    return [];
  }
}
