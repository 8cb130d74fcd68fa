import type { SearchMeta } from '@toolcards/protocol';
import { displayPath } from './display-path';

type SearchMatchesMeta = Extract<SearchMeta, { shape: 'matches' }>;

export interface GrepMatchesOutcome {
  meta: SearchMatchesMeta;
  /** Context lines (-A/-B/-C) with no match to stand beside (none in what ripgrep or grep print). */
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

type LineMatch = SearchMatchesMeta['files'][number]['matches'][number];
type ContextLine = NonNullable<LineMatch['context']>[number];

/**
 * ripgrep's or grep's `-n` output (`path:line:text`, context lines `path-line-text`, groups
 * split by `--`; `line:text` when one file was searched) as OUR matches meta, not truncated;
 * undefined when a line is none of those (say, output without -n). A context line goes with
 * the match before it in its group, or, before the group's first match, with the next one.
 */
export function grepOutputMatches(output: string, options: GrepOptions): GrepMatchesOutcome | undefined {
  const rows = output === '' ? [] : output.split('\n');
  const pathless = options.searchPath !== undefined && rows.length > 0 && rows.every((row) => row === '--' || PATHLESS_LINE.test(row));
  const files = new Map<string, LineMatch[]>();
  const finder = matchFinder(options.pattern, options.caseInsensitive);
  let total = 0;
  /** The group's last match, by path, and the context lines still waiting for their match. */
  let lastMatch = new Map<string, LineMatch>();
  let waiting: { path: string; line: ContextLine }[] = [];
  let unplaced = 0;
  /** Paths as printed by match rows: a context row of `a-1.ts` is `a-1.ts-7-text`, not `a` line 1. */
  const rawPaths = new Set<string>();
  const endGroup = () => {
    unplaced += waiting.length;
    waiting = [];
    lastMatch = new Map();
  };
  for (const row of rows) {
    if (row === '--') {
      endGroup();
      continue;
    }
    const parsed = pathless ? pathlessRow(row, options.searchPath!) : pathRow(row, options.cwd, rawPaths);
    if (parsed === undefined || parsed.lineNumber < 1) return undefined;
    const { path, lineNumber, line, isContext } = parsed;
    if (isContext) {
      const before = lastMatch.get(path);
      if (before !== undefined && lineNumber > before.lineNumber) (before.context ??= []).push({ lineNumber, line });
      else waiting.push({ path, line: { lineNumber, line } });
      continue;
    }
    const ranges = finder(line);
    const match: LineMatch = ranges.length === 0 ? { lineNumber, line } : { lineNumber, line, ranges };
    const leading = waiting.filter((entry) => entry.path === path && entry.line.lineNumber < lineNumber).map((entry) => entry.line);
    if (leading.length > 0) {
      match.context = leading;
      waiting = waiting.filter((entry) => !(entry.path === path && entry.line.lineNumber < lineNumber));
    }
    if (!pathless) rawPaths.add(row.slice(0, row.length - line.length - String(lineNumber).length - 2));
    const matches = files.get(path) ?? [];
    matches.push(match);
    files.set(path, matches);
    lastMatch.set(path, match);
    total += 1;
  }
  endGroup();
  return {
    meta: { shape: 'matches', files: [...files].map(([path, matches]) => ({ path, matches })), truncated: false, total },
    contextLines: unplaced,
  };
}

interface GrepRow {
  path: string;
  lineNumber: number;
  line: string;
  isContext: boolean;
}

/** `path:line:text` or the context line `path-line-text`; undefined for anything else. */
function pathRow(row: string, cwd: string | undefined, knownPaths: ReadonlySet<string>): GrepRow | undefined {
  const match = MATCH_LINE.exec(row);
  if (match !== null) return { path: displayPath(match[1]!, cwd), lineNumber: Number(match[2]), line: match[3]!, isContext: false };
  for (const known of knownPaths) {
    const rest = row.startsWith(`${known}-`) ? /^(\d+)-(.*)$/.exec(row.slice(known.length + 1)) : null;
    if (rest !== null) return { path: displayPath(known, cwd), lineNumber: Number(rest[1]), line: rest[2]!, isContext: true };
  }
  const context = CONTEXT_LINE.exec(row);
  if (context !== null) return { path: displayPath(context[1]!, cwd), lineNumber: Number(context[2]), line: context[3]!, isContext: true };
  return undefined;
}

/** One file searched: `line:text`, or `line-text` around a match. */
function pathlessRow(row: string, path: string): GrepRow | undefined {
  const parsed = PATHLESS_LINE.exec(row);
  if (parsed === null) return undefined;
  return { path, lineNumber: Number(parsed[1]), line: parsed[3]!, isContext: parsed[2] === '-' };
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
