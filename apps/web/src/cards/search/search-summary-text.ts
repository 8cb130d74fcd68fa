import type { SearchMatchesResultView, SearchPathsResultView } from '@toolcards/protocol';
import { countText, formatCount } from '../frame/count-text';

/** "12 matches in 3 files", "showing 250 of 1,204 matches", or "No matches". */
export function matchesSummaryText({ files, truncated, total }: Pick<SearchMatchesResultView, 'files' | 'truncated' | 'total'>): string {
  const shown = files.reduce((sum, file) => sum + file.matches.length, 0);
  if (truncated) return `showing ${formatCount(shown)} of ${countText(total, 'match', 'matches')}`;
  if (shown === 0) return 'No matches';
  return `${countText(shown, 'match', 'matches')} in ${countText(files.length, 'file', 'files')}`;
}

/** "3 files", "showing 100 of 5,000 files", or "No files". */
export function pathsSummaryText({ paths, truncated, total }: Pick<SearchPathsResultView, 'paths' | 'truncated' | 'total'>): string {
  if (truncated) return `showing ${formatCount(paths.length)} of ${countText(total, 'file', 'files')}`;
  if (paths.length === 0) return 'No files';
  return countText(paths.length, 'file', 'files');
}
