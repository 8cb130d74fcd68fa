import type { FileGrepHits, FileSeen } from '@toolcards/protocol';
import { countText, formatCount } from '../cards/frame/count-text';
import { grepText } from '../cards/read/coverage-text';

/** The files in the panel's order: the files read first (what the agent looked at), then the rest; each part by path. Pure. */
export function filesInPanelOrder(files: readonly FileSeen[]): readonly FileSeen[] {
  const read = files.filter((file) => file.read !== undefined);
  return read.length === 0 || read.length === files.length ? files : [...read, ...files.filter((file) => file.read === undefined)];
}

export interface GrepHitsWords {
  text: string;
  /** Why a count is a lower bound; undefined when it is exact. */
  title?: string;
}

/**
 * A file's grep hits in words a newcomer reads right. A capped search kept only its first
 * matches, so the count is a floor: "at least 9 grep hits", not "9+", with the reason as title.
 */
export function grepHitsWords(grep: Pick<FileGrepHits, 'hits' | 'capped'>): GrepHitsWords {
  if (!grep.capped) return { text: grepText(grep) };
  return {
    text: `at least ${formatCount(grep.hits)} grep ${grep.hits === 1 ? 'hit' : 'hits'}`,
    title: `${countText(grep.hits, 'matching line', 'matching lines')} in what the searches showed; a search that found this file was capped (it kept its first matches only), so the file may have more.`,
  };
}
