import type { SearchFileMatches, SearchLineMatch } from '@toolcards/protocol';

/** One retained match, its line already cut to the preview budget. */
export interface GrepMatch extends SearchLineMatch {
  path: string;
}

/** The outcome of the one retention pass: the model text and the meta both read it. */
export interface GrepRetention {
  /** Per-file groups in the order the matches come (the collector's: path order). */
  files: SearchFileMatches[];
  /** Matches in `files`. */
  shown: number;
  /** Every match the search found, before the cap. */
  total: number;
  truncated: boolean;
}

/** Caps the matches at `maxMatches` and groups them by file, keeping the order files come in. */
export function retainGrepMatches(matches: readonly GrepMatch[], total: number, maxMatches: number): GrepRetention {
  const kept = matches.slice(0, Math.max(0, maxMatches));
  const groups = new Map<string, SearchLineMatch[]>();
  for (const { path, ...match } of kept) {
    let group = groups.get(path);
    if (group === undefined) {
      group = [];
      groups.set(path, group);
    }
    group.push(match);
  }
  const files = [...groups].map(([path, fileMatches]) => ({ path, matches: fileMatches }));
  const counted = Math.max(total, kept.length);
  return { files, shown: kept.length, total: counted, truncated: counted > kept.length };
}
