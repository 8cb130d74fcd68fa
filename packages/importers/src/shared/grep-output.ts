import type { SearchMeta } from '@toolcards/protocol';
import { displayPath } from './display-path';

type SearchMatchesMeta = Extract<SearchMeta, { shape: 'matches' }>;

export interface GrepMatchesOutcome {
  meta: SearchMatchesMeta;
  /** Context lines (-A/-B/-C) the meta cannot carry. */
  contextLines: number;
}

export interface GrepOptions {
  pattern: string;
  caseInsensitive: boolean;
  /** The tool's `path` input as shown (a single file's matches come without a path). */
  searchPath: string | undefined;
  cwd: string | undefined;
}

const MATCH_LINE = /^(.+?):(\d+):(.*)$/;
const CONTEXT_LINE = /^(.+?)-(\d+)-(.*)$/;
const PATHLESS_LINE = /^(\d+)([:-])(.*)$/;

/**
 * ripgrep's or grep's `-n` output (`path:line:text`, context lines `path-line-text`, groups
 * split by `--`; `line:text` when one file was searched) as OUR matches meta, not truncated;
 * undefined when a line is none of those (say, output without -n).
 */
export function grepOutputMatches(output: string, options: GrepOptions): GrepMatchesOutcome | undefined {
  const rows = output === '' ? [] : output.split('\n').filter((row) => row !== '--');
  const pathless = options.searchPath !== undefined && rows.length > 0 && rows.every((row) => PATHLESS_LINE.test(row));
  const files = new Map<string, { lineNumber: number; line: string; ranges?: [number, number][] }[]>();
  const finder = matchFinder(options.pattern, options.caseInsensitive);
  let contextLines = 0;
  let total = 0;
  for (const row of rows) {
    let path: string;
    let lineNumber: number;
    let line: string;
    if (pathless) {
      const [, number, separator, text] = PATHLESS_LINE.exec(row)!;
      if (separator === '-') {
        contextLines += 1;
        continue;
      }
      path = options.searchPath!;
      lineNumber = Number(number);
      line = text!;
    } else {
      const match = MATCH_LINE.exec(row);
      if (match === null) {
        if (CONTEXT_LINE.test(row)) {
          contextLines += 1;
          continue;
        }
        return undefined;
      }
      path = displayPath(match[1]!, options.cwd);
      lineNumber = Number(match[2]);
      line = match[3]!;
    }
    if (lineNumber < 1) return undefined;
    const ranges = finder(line);
    const matches = files.get(path) ?? [];
    matches.push(ranges.length === 0 ? { lineNumber, line } : { lineNumber, line, ranges });
    files.set(path, matches);
    total += 1;
  }
  return {
    meta: { shape: 'matches', files: [...files].map(([path, matches]) => ({ path, matches })), truncated: false, total },
    contextLines,
  };
}

/**
 * Where the pattern matched in a line, for the card's highlights. ripgrep's Rust regex and
 * JavaScript's agree on the common syntax; a pattern JavaScript refuses gives no ranges.
 */
function matchFinder(pattern: string, caseInsensitive: boolean): (line: string) => [number, number][] {
  let regex: RegExp;
  try {
    regex = new RegExp(pattern, caseInsensitive ? 'gi' : 'g');
  } catch {
    return () => [];
  }
  return (line) => {
    const ranges: [number, number][] = [];
    regex.lastIndex = 0;
    for (let match = regex.exec(line); match !== null && ranges.length < 100; match = regex.exec(line)) {
      if (match[0] === '') {
        regex.lastIndex += 1;
        continue;
      }
      ranges.push([match.index, match.index + match[0].length]);
    }
    return ranges;
  };
}
