import type { TimelineRow } from '../model/timeline-row';
import { rowFindTexts } from '../find/row-find-texts';

/** A row whose card shows the text looked for; in a search card, the file group that holds it. */
export interface ExportFindHit {
  row: number;
  file?: number;
}

/**
 * The file's own find (its rows are virtualized, so most are not in the DOM for the browser's
 * find): every text the app's find in session looks at, one hit per card part, case-insensitive. Pure.
 */
export function exportFindHits(rows: readonly TimelineRow[], query: string): ExportFindHit[] {
  const needle = query.toLowerCase();
  if (needle === '') return [];
  const hits: ExportFindHit[] = [];
  rows.forEach((row, index) => {
    const seenFiles = new Set<number | undefined>();
    for (const text of rowFindTexts(row)) {
      if (!text.text.toLowerCase().includes(needle)) continue;
      const file = text.part === 'match-path' || text.part === 'match-line' ? text.file : undefined;
      if (seenFiles.has(file)) continue;
      seenFiles.add(file);
      hits.push(file === undefined ? { row: index } : { row: index, file });
    }
  });
  return hits;
}
