import { assertNever, type FullResultOutline, type SearchMatchesResultView, type SearchPathsResultView } from '@toolcards/protocol';
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

/** "all 1,204 matches in 153 files" or "all 5,000 files": a capped search shown whole. */
export function fullSummaryText(outline: FullResultOutline): string {
  switch (outline.shape) {
    case 'matches':
      return `all ${countText(outline.total, 'match', 'matches')} in ${countText(outline.files.length, 'file', 'files')}`;
    case 'paths':
      return `all ${countText(outline.total, 'file', 'files')}`;
    default:
      return assertNever(outline, 'full result shape');
  }
}
